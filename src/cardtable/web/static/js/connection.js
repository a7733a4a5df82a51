// connection.js: one live link to a table over the WebSocket protocol. It says hello with
// the seat's token, keeps the document ({table, game}) current by applying each update's
// patch in sequence, asks for a resync on any gap, and reconnects by itself after a reload,
// a lost network or a server restart. Listeners get "change" (with the new events), "status"
// (with why it is reconnecting or stopped, when the server said) and "closed" (the seat is
// gone: kicked, or the table no longer exists).

import { errorText } from "./error-text.js";
import { applyPatch } from "./patch.js";

const PROTOCOL = 5;
const FATAL = new Map([
  [4003, "removed"],
  [4401, "unauthorized"],
]);
// Closes after which the client says hello again by itself, and why, for the page to say:
// too many connections open at once (4429, after an error with this code), a tab that did
// not read what it was sent fast enough (4008), and a server whose database does not answer
// (1013, after an error `unavailable`).
const RETRIED = new Map([
  [4429, "too-many-connections"],
  [4008, "too-slow"],
  [1013, "unavailable"],
]);
// Closes after which the client stops, and why, for the page to say; the table stays as it
// was last seen: banned from the site (4403, after an error with this code).
const STOPPED = new Map([[4403, "banned"]]);
// Errors that come before such a close: the page says them once, for the close.
const SAID_BY_CLOSE = new Set([...RETRIED.values(), ...STOPPED.values()]);
const PING_EVERY = 25000;
const RETRY_DELAYS = [300, 1000, 2000, 4000, 8000];
// While the database does not answer, hellos are tried again at this pace, not backing off:
// the table is back the moment it answers.
const UNAVAILABLE_RETRY = 1000;

export class TableConnection extends EventTarget {
  constructor(code, token) {
    super();
    this.code = code;
    this.token = token;
    this.document = null;
    this.seq = 0;
    this.member = null;
    this.role = null;
    this.status = "connecting";
    this.reason = null;
    this.pending = new Map();
    this.nextId = 1;
    this.attempt = 0;
    this.socket = null;
    this.stopped = false;
    this.onOnline = () => this.reconnectNow();
    window.addEventListener("online", this.onOnline);
    document.addEventListener("visibilitychange", this.onOnline);
  }

  start() {
    this.open();
    return this;
  }

  stop() {
    this.stopped = true;
    window.removeEventListener("online", this.onOnline);
    document.removeEventListener("visibilitychange", this.onOnline);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.socket) this.socket.close(1000);
    this.failPending("closed");
  }

  /** Send a game action for your seat; resolves when the server has stored it. */
  play(action) {
    return this.request("play", action);
  }

  /** Send a table action (start, chat, settings, add-bot, ...). */
  table(action) {
    return this.request("table", action);
  }

  request(type, action) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || this.status !== "open") {
      return Promise.reject({ code: "disconnected", message: errorText({ code: "disconnected" }) });
    }
    const id = `c${this.nextId++}`;
    this.socket.send(JSON.stringify({ type, id, action }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, type }));
  }

  // -- the socket ---------------------------------------------------------------------------

  open() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.socket = socket;
    this.setStatus(this.document ? "reconnecting" : "connecting", this.reason);
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", token: this.token, protocol: PROTOCOL }));
    });
    socket.addEventListener("message", (event) => {
      if (socket === this.socket) this.receive(JSON.parse(event.data));
    });
    socket.addEventListener("close", (event) => {
      if (socket === this.socket) this.closed(event.code);
    });
  }

  closed(code) {
    clearInterval(this.pingTimer);
    this.failPending("dropped");
    if (this.stopped) return;
    if (FATAL.has(code)) {
      this.stopped = true;
      this.setStatus("closed");
      this.dispatchEvent(new CustomEvent("closed", { detail: { reason: FATAL.get(code) } }));
      return;
    }
    if (STOPPED.has(code)) {
      this.stopped = true;
      this.setStatus("closed", STOPPED.get(code));
      return;
    }
    const reason = RETRIED.get(code) || null;
    this.setStatus("reconnecting", reason);
    this.retryTimer = setTimeout(() => this.open(), this.retryDelay(reason));
  }

  /** How long to wait before the next hello: backing off, except for a database outage. */
  retryDelay(reason) {
    if (reason === "unavailable") return UNAVAILABLE_RETRY;
    const delay = RETRY_DELAYS[Math.min(this.attempt, RETRY_DELAYS.length - 1)];
    this.attempt += 1;
    return delay;
  }

  reconnectNow() {
    if (this.stopped || document.visibilityState === "hidden") return;
    if (!this.socket || this.socket.readyState === WebSocket.CLOSED) this.open();
  }

  receive(message) {
    switch (message.type) {
      case "welcome":
        this.document = message.document;
        this.seq = message.seq;
        this.member = message.member;
        this.role = message.role;
        this.attempt = 0;
        this.setStatus("open");
        clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_EVERY);
        this.changed([], true);
        break;
      case "update":
        // One update may report several steps applied or stored together (`steps`, 1 when absent).
        if (message.seq - (message.steps || 1) !== this.seq) {
          this.resync();
          break;
        }
        this.seq = message.seq;
        this.document = applyPatch(this.document, message.patch);
        this.changed(message.events);
        if (message.ack !== undefined) this.settle(message.ack, true, message);
        break;
      case "presence":
        if (message.seq !== this.seq) {
          this.resync();
          break;
        }
        this.document = applyPatch(this.document, message.patch);
        this.changed([]);
        break;
      case "error":
        if (message.id !== null && message.id !== undefined && this.pending.has(message.id)) {
          this.settle(message.id, false, message);
        } else if (!SAID_BY_CLOSE.has(message.code)) {
          this.dispatchEvent(new CustomEvent("servererror", { detail: message }));
        }
        break;
      default:
        break;
    }
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  resync() {
    this.send({ type: "resync" });
  }

  settle(id, ok, message) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (ok) waiting.resolve(message);
    else {
      // A game action's refusal is the game's own (its rules), in its words.
      const gameId = waiting.type === "play" && this.document ? this.document.table.game : null;
      waiting.reject({ code: message.code, message: errorText(message, { gameId }) });
    }
  }

  failPending(code) {
    const message = errorText({ code });
    for (const waiting of this.pending.values()) waiting.reject({ code, message });
    this.pending.clear();
  }

  changed(events, welcome = false) {
    this.dispatchEvent(new CustomEvent("change", { detail: { events, welcome } }));
  }

  /** `reason`: why the connection is reconnecting or closed, when the server said (see
   * RETRIED and STOPPED). */
  setStatus(status, reason = null) {
    if (this.status === status && this.reason === reason) return;
    this.status = status;
    this.reason = reason;
    this.dispatchEvent(new CustomEvent("status", { detail: { status, reason } }));
  }
}
