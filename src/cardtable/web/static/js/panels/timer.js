// panels/timer.js: the time left on the table's deadline. It is a role="timer" (never read
// out as it ticks); only when you still have to act and 10 seconds remain is it announced once.
// While it runs the page has the class `timer-on`: on a phone the timer is then pinned to the
// top of the screen, so it stays in view at every stage of every game.

import { announce } from "../announce.js";
import { h, setText } from "../dom.js";
import { formatNumber, t } from "../i18n.js";

const WARN_AT = 10;

export class TimerView {
  constructor() {
    this.text = h("span", { class: "timer-text" });
    this.element = h("div", { class: "timer", role: "timer", "aria-label": t("timer.label"), hidden: true }, this.text);
    this.deadline = null;
    this.warned = false;
    this.interval = setInterval(() => this.tick(), 250);
  }

  /** `deadline`: wall-clock seconds (epoch) or null; `mine`: you are one of those awaited. */
  update(deadline, mine) {
    if (deadline !== this.deadline) this.warned = false;
    this.deadline = deadline;
    this.mine = mine;
    this.tick();
  }

  tick() {
    this.element.hidden = this.deadline === null;
    document.body.classList.toggle("timer-on", this.deadline !== null);
    if (this.deadline === null) return;
    const left = Math.max(0, Math.ceil(this.deadline - Date.now() / 1000));
    setText(this.text, t("timer.left", { time: `${formatNumber(Math.floor(left / 60))}:${String(left % 60).padStart(2, "0")}` }));
    this.element.classList.toggle("timer-low", left <= WARN_AT);
    if (this.mine && !this.warned && left <= WARN_AT && left > 0) {
      this.warned = true;
      announce(t("timer.warning", { count: left }), { urgent: true });
    }
  }

  destroy() {
    clearInterval(this.interval);
    document.body.classList.remove("timer-on");
  }
}
