// celebrate.js: the winner's moment: a short overlay with a title and the winning card, which
// pops in (or simply appears when motion is reduced) and goes away by itself, on a click or on
// Escape. It is only visual: the same news is announced through the live regions.

import { h } from "./dom.js";
import { reducedMotion } from "./prefs.js";

const SHOWN_FOR = 4200;
let current = null;

export function celebrate(title, ...body) {
  if (current) current.remove();
  const overlay = h("div", { class: `celebration${reducedMotion() ? " still" : ""}`, "aria-hidden": "true" },
    h("div", { class: "celebration-card" },
      h("p", { class: "celebration-title", text: title }),
      h("div", { class: "celebration-body" }, body)));
  const close = () => {
    overlay.remove();
    document.removeEventListener("keydown", onKey);
    if (current === overlay) current = null;
  };
  const onKey = (event) => {
    if (event.key === "Escape") close();
  };
  overlay.addEventListener("click", close);
  document.addEventListener("keydown", onKey);
  setTimeout(close, SHOWN_FOR);
  document.body.append(overlay);
  current = overlay;
}
