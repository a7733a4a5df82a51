// howto.js: the way to a game's how-to-play page (static howto/<game id>.html, one for every
// game a table may host): its link, opened beside the form or table it is read from, and the
// one-line hint a table shows until it is dismissed on this device (remembered per game).

import { h, replace } from "./dom.js";
import { language, t } from "./i18n.js";
import { load, save } from "./storage.js";

const DISMISSED = "howtoDismissed";

/** A link to `game`'s page ({id, title}) in the page's language (English at howto/<id>.html,
 *  the others at howto/<lang>/<id>.html), opening in a new tab so nothing here is left. */
export function howToLink(game) {
  const folder = language() === "en" ? "" : `${language()}/`;
  return h("a", { class: "howto-link", href: `howto/${folder}${encodeURIComponent(game.id)}.html`, target: "_blank", rel: "noopener" },
    t("howto.link"), h("span", { class: "visually-hidden", text: ` ${t("howto.linkFull", { game: game.title })}` }));
}

function dismissed() {
  const seen = load(DISMISSED, {});
  return seen && typeof seen === "object" ? seen : {};
}

/** "New to <game>? How to play", shown at a table until dismissed for that game. */
export class HowToHint {
  constructor() {
    this.gameId = null;
    this.element = h("p", { class: "howto-hint", hidden: true });
  }

  /** `game`: the table's game ({id, title}), or null while it is not known. */
  update(game) {
    if (!game || game.id === this.gameId) return;
    this.gameId = game.id;
    if (dismissed()[game.id]) {
      this.element.hidden = true;
      return;
    }
    replace(this.element,
      h("span", { class: "howto-hint-text" }, `${t("howto.new", { game: game.title })} `, howToLink(game)),
      h("button", { type: "button", class: "quiet-button tiny-button", text: t("howto.dismiss"), onclick: () => this.dismiss() }));
    this.element.hidden = false;
  }

  dismiss() {
    save(DISMISSED, { ...dismissed(), [this.gameId]: true });
    this.element.hidden = true;
  }
}
