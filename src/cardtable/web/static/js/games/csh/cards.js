// games/csh/cards.js: the words for CSH cards. Card types come from the game's description
// (GET /api/games: its `cards` and `directorships`); a card in a view is `{id, card}` face up
// or `{id, down: true}` face down. Names, Voting Power and one-line descriptions live here.
// Card and directorship names are the game's own (English); the words around them are the
// catalogue's.

import { t } from "../../i18n.js";

export class Catalog {
  constructor(game) {
    this.types = new Map((game ? game.cards : []).map((type) => [type.id, type]));
    this.sets = new Map((game ? game.directorships : []).map((d) => [d.id, d]));
  }

  type(card) {
    return (card && this.types.get(card.card)) || null;
  }

  kind(card) {
    const type = this.type(card);
    return type ? type.kind : "";
  }

  name(card) {
    if (!card) return t("game.csh.card.a-card");
    if (card.down) return t("game.csh.card.canceled");
    const type = this.type(card);
    return type ? type.name : t("game.csh.card.a-card");
  }

  setName(setId) {
    if (setId === "base") return t("game.csh.set.base");
    const found = this.sets.get(setId);
    return found ? found.name : setId;
  }

  /** What a card does, as printed on it ("" for a card the page cannot read). */
  text(card) {
    const type = this.type(card);
    return type ? type.text : "";
  }

  /** The printed Voting Power: a number, or the Socials' rule. */
  printedVp(type) {
    return typeof type.vp === "number" ? t("game.csh.vp", { count: type.vp }) : t("game.csh.vp.socials");
  }

  /** "Major Project · Evals · 4 VP": what a card is, for buttons and lists. */
  summary(card) {
    const type = this.type(card);
    if (!type) return this.name(card);
    if (type.kind === "election") return type.name;
    const vp = card.vp !== undefined ? t("game.csh.vp", { count: card.vp }) : this.printedVp(type);
    return `${type.name} · ${this.setName(type.set)} · ${vp}`;
  }
}
