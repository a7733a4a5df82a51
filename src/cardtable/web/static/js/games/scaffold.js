// games/scaffold.js: what every game's renderer shares, so that a renderer holds only its own
// game. GameRenderer is the base class of the four: a seat's name ("You" for yours), the end
// reason in words, `send` (the busy flag around host.act), keyboard shortcuts that leave typing
// alone, keyboard focus kept in the game when the control holding it goes away, and "your turn"
// said once. ActionBar is the bar fixed to the bottom of the screen that holds the actions the
// seat is asked for now. gameSteps replays one game of the table's public history, for the end
// screen. Words come from the games' catalogue (locales/<lang>/games.json, keys "game.*").

import { announce } from "../announce.js";
import { h, setText } from "../dom.js";
import { t } from "../i18n.js";
import { applyPatch } from "../patch.js";

/** Each step of game `gameNumber` in a table's public history (`data`: { start, steps }):
 *  { pub, events }, the game's public view after the step (the live document: copy what you
 *  keep) and the events the step brought. */
export function* gameSteps(data, gameNumber) {
  let document = structuredClone(data.start);
  for (const step of data.steps) {
    document = applyPatch(document, step.patch);
    const pub = document.game && document.game.public;
    if (document.table.game_number === gameNumber && pub) yield { pub, events: step.events };
  }
}

function isEditable(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** The bottom bar: what the seat is asked to do now stays in view however the page scrolls
 *  (phone first). A renderer hands it its own buttons with `show(buttons, hint)`; they keep
 *  their place (and focus) between updates, and the bar hides while none of them is shown.
 *  The page keeps room for it below its content (--action-bar-height, app.css). */
export class ActionBar {
  constructor({ label = t("game.common.your-move"), hintId } = {}) {
    this.hint = h("p", { class: "action-hint", id: hintId });
    this.buttons = h("div", { class: "action-buttons" });
    this.element = h("div", { class: "action-bar", role: "region", "aria-label": label, hidden: true }, this.hint, this.buttons);
    this.resized = new ResizeObserver(() => {
      if (!this.element.hidden) document.documentElement.style.setProperty("--action-bar-height", `${this.element.offsetHeight}px`);
    });
    this.resized.observe(this.element);
  }

  /** Shows `buttons` (elements; a hidden one takes no room) with a line of `hint`. */
  show(buttons, hint = "") {
    const wanted = buttons.filter(Boolean);
    const have = [...this.buttons.children];
    if (wanted.length !== have.length || wanted.some((button, i) => button !== have[i])) this.buttons.replaceChildren(...wanted);
    setText(this.hint, hint);
    this.hint.hidden = !hint;
    this.element.hidden = !wanted.some((button) => !button.hidden);
  }

  hide() {
    this.element.hidden = true;
  }

  /** Scrolls the page just enough that none of `elements` (what the player may tap next,
   *  such as a picked card's destinations) sits under the bar: on a phone a bar that appears
   *  on a tap would otherwise cover the piles along the screen's bottom edge. The page keeps
   *  room below its content for the bar, so there is always that far to scroll. */
  uncover(elements) {
    if (this.element.hidden || !elements.length) return;
    const top = this.element.getBoundingClientRect().top;
    const lowest = Math.max(...elements.map((element) => element.getBoundingClientRect().bottom));
    if (lowest > top) window.scrollBy(0, Math.ceil(lowest - top));
  }

  destroy() {
    this.resized.disconnect();
  }
}

export class GameRenderer {
  /** `host`: the seam's host (games/index.js); `endReasons`: each end reason's catalogue key. */
  constructor(host, endReasons = {}) {
    this.host = host;
    this.endReasons = endReasons;
    this.ctx = null;
    this.busy = false;
    this.element = null;
    this.title = null;
    this.asked = "";
    // Focus is put back only for someone using the keyboard, and only if it was in the game.
    this.keyboard = false;
    this.focusInside = false;
    this.cleanups = [];
    this.listen(document, "keydown", (event) => {
      this.keyboard = true;
      if (!this.ctx || !this.element || !this.element.isConnected || isEditable(event.target)) return;
      if (!event.ctrlKey && !event.metaKey && !event.altKey) this.shortcut(event);
    });
    this.listen(document, "pointerdown", () => { this.keyboard = false; });
  }

  /** `element`: the game's part of the stage; `title`: its #stage-title heading. */
  mount(element, title) {
    this.element = element;
    this.title = title;
    element.addEventListener("focusin", () => { this.focusInside = true; });
    element.addEventListener("focusout", (event) => {
      if (event.relatedTarget && !element.contains(event.relatedTarget)) this.focusInside = false;
    });
  }

  listen(target, type, handler) {
    target.addEventListener(type, handler);
    this.cleanups.push(() => target.removeEventListener(type, handler));
  }

  destroy() {
    for (const undo of this.cleanups.splice(0)) undo();
  }

  endReason(reason) {
    return this.endReasons[reason] ? t(this.endReasons[reason]) : null;
  }

  /** A seat's name, "You" for your own. */
  name(seat) {
    return seat === this.ctx.seat ? t("game.common.you") : this.ctx.seatName(seat);
  }

  /** A key pressed outside any text field, without Ctrl, Alt or Meta. */
  shortcut() {}

  /** Sends a game action: `busy` while it is on its way, with `drawBusy()` called as it starts
   *  and `drawBusy(taken)` as it ends; `done` is announced if the server took it. Resolves to
   *  whether it did (a refusal is shown by the table screen). */
  send(action, done) {
    if (this.busy) return Promise.resolve(false);
    this.busy = true;
    this.drawBusy();
    const finish = (taken) => {
      this.busy = false;
      if (taken && done) announce(done);
      if (this.ctx) this.drawBusy(taken);
      this.keepFocus();
      return taken;
    };
    return this.host.act(action).then(() => finish(true), () => finish(false));
  }

  /** Redraws what `busy` disables. */
  drawBusy() {}

  /** Where focus goes when the focused control went away (an element or a CardGrid), or
   *  null for the title. */
  focusTarget() {
    return null;
  }

  /** A keyboard user whose focused control disappeared lands on `focusTarget()`. */
  keepFocus() {
    if (!this.keyboard || !this.focusInside || document.activeElement !== document.body || !this.element.isConnected) return;
    const target = this.focusTarget();
    if (target) target.focus();
    else {
      this.title.tabIndex = -1;
      this.title.focus({ preventScroll: true });
    }
  }

  /** Says `text` at once the first time `key` comes; an empty key: nothing is asked now. */
  askOnce(key, text) {
    if (key === this.asked) return;
    this.asked = key;
    if (key) announce(text, { urgent: true });
  }
}
