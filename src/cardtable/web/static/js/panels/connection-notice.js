// panels/connection-notice.js: why the table's connection was closed when the server said why
// (connection.js "status" reasons): what happened and what to do, in a banner, read out once.
// Too many tabs, or the server's database not answering: shown until this tab is let in
// again. A tab that fell behind: shown while it reconnects and for a moment after, so the
// person sees it. Banned: shown for good, the tab no longer reconnecting.

import { announce } from "../announce.js";
import { h, setText } from "../dom.js";

const NOTICES = {
  "too-many-connections": {
    text: "Too many tabs are open on this table (or too many connections come from your network). Close a tab you don't need: this one joins again by itself.",
    linger: 0,
  },
  "too-slow": {
    text: "This tab fell behind the table's updates, so it is fetching the table afresh. If this keeps happening, close other tabs or check your connection.",
    linger: 10000,
  },
  unavailable: {
    text: "The server cannot reach its database; retrying…",
    linger: 0,
  },
  banned: {
    text: "You are banned from this site, so this tab no longer connects to the table.",
    linger: 0,
  },
};

export class ConnectionNotice {
  constructor() {
    this.text = h("p");
    this.element = h("div", { class: "banner", role: "region", "aria-label": "Connection", hidden: true }, this.text);
    this.shown = null;
    this.timer = null;
  }

  /** A connection "status" event's `status` and `reason`. */
  update(status, reason) {
    const notice = NOTICES[reason];
    if (notice) {
      clearTimeout(this.timer);
      this.element.hidden = false;
      if (this.shown !== reason) announce(notice.text, { urgent: true });
      this.shown = reason;
      setText(this.text, notice.text);
    } else if (status === "open" && this.shown) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.hide(), NOTICES[this.shown].linger);
    }
  }

  hide() {
    this.element.hidden = true;
    this.shown = null;
  }

  destroy() {
    clearTimeout(this.timer);
  }
}
