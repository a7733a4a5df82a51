// panels/connection-notice.js: why the table's connection was closed when the server said why
// (connection.js "status" reasons): what happened and what to do, in a banner, read out once.
// Too many tabs, or the server's database not answering: shown until this tab is let in
// again. A tab that fell behind: shown while it reconnects and for a moment after, so the
// person sees it. Banned: shown for good, the tab no longer reconnecting.

import { announce } from "../announce.js";
import { h, setText } from "../dom.js";
import { t } from "../i18n.js";

/** Each reason's banner (in words as `notice.<reason>`) and how long it stays once open again. */
const NOTICES = {
  "too-many-connections": { linger: 0 },
  "too-slow": { linger: 10000 },
  unavailable: { linger: 0 },
  banned: { linger: 0 },
};

export class ConnectionNotice {
  constructor() {
    this.text = h("p");
    this.element = h("div", { class: "banner", role: "region", "aria-label": t("notice.region"), hidden: true }, this.text);
    this.shown = null;
    this.timer = null;
  }

  /** A connection "status" event's `status` and `reason`. */
  update(status, reason) {
    const notice = NOTICES[reason];
    if (notice) {
      clearTimeout(this.timer);
      this.element.hidden = false;
      const text = t(`notice.${reason}`);
      if (this.shown !== reason) announce(text, { urgent: true });
      this.shown = reason;
      setText(this.text, text);
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
