// settings-sync.js: what the host sees in the lobby form is what is played. Every change is
// sent at once as the `settings` table action (typing waits for a pause of DELAY ms, or for the
// field to lose focus), one request at a time, and the form says whether it is saved. `flush()`
// sends what is still waiting and resolves once the server has stored it, so Start plays
// exactly what the form shows.

import { h, setText } from "./dom.js";
import { t } from "./i18n.js";

const DELAY = 400;
/** Each state in words (none while idle). */
const WORDS = { pending: "sync.saving", saving: "sync.saving", saved: "sync.saved" };

export class SettingsSync {
  /** `collect()`: the fields of the `settings` action that differ from the table (or {});
   *  `send(fields)`: a promise of the server's answer. */
  constructor({ collect, send, delay = DELAY }) {
    this.collect = collect;
    this.send = send;
    this.delay = delay;
    this.dirty = false;
    this.running = null;
    this.failure = null;
    this.timer = null;
    this.element = h("p", { class: "settings-state", role: "status", "data-state": "idle" });
  }

  /** Start watching `form` (an element holding controls): choices apply at once, typing after
   *  a pause or when the field loses focus. */
  watch(form) {
    form.addEventListener("input", (event) => {
      if (!typing(event.target)) return;
      this.changed(false);
    });
    form.addEventListener("change", (event) => {
      if (ignored(event.target)) return;
      this.changed(true);
    });
  }

  /** Something changed: `now` sends it at once, else after a pause in typing. */
  changed(now) {
    this.dirty = true;
    clearTimeout(this.timer);
    this.show("pending");
    if (now) this.push().catch(() => null);
    else this.timer = setTimeout(() => this.push().catch(() => null), this.delay);
  }

  /** Whether a change is waiting or on its way: the form must not be overwritten then. */
  get busy() {
    return this.dirty || this.running !== null;
  }

  async push() {
    clearTimeout(this.timer);
    while (this.running) await this.running.catch(() => null);
    if (!this.dirty) return;
    this.dirty = false;
    const fields = this.collect();
    if (!Object.keys(fields).length) {
      this.failure = null;
      this.show(this.shown === "idle" ? "idle" : "saved");
      return;
    }
    this.show("saving");
    const sent = Promise.resolve().then(() => this.send(fields));
    this.running = sent;
    try {
      await sent;
      this.failure = null;
      if (!this.dirty) this.show("saved");
    } catch (error) {
      this.failure = error;
      this.show("error", error && error.message);
      throw error;
    } finally {
      if (this.running === sent) this.running = null;
    }
  }

  /** Send any waiting change now; resolves once every change is stored, rejects with the
   *  server's error when the last one was refused (the form then shows what is not played). */
  async flush() {
    await this.push();
    while (this.running) await this.running;
    if (this.failure) throw this.failure;
  }

  show(state, message = "") {
    this.shown = state;
    this.element.dataset.state = state;
    setText(this.element, state === "error" ? t("sync.error", { reason: message || t("error.unknown") }) : WORDS[state] ? t(WORDS[state]) : "");
  }

  destroy() {
    clearTimeout(this.timer);
  }
}

function typing(el) {
  if (ignored(el)) return false;
  if (el.tagName === "TEXTAREA") return true;
  return el.tagName === "INPUT" && !["checkbox", "radio"].includes(el.type);
}

/** Controls that are not settings: the deck library's search box and its upload. */
function ignored(el) {
  return !el || el.type === "search" || el.type === "file" || Boolean(el.closest(".deck-upload"));
}
