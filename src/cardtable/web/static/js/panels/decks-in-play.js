// panels/decks-in-play.js: the cards a table plays (`table.decks`): each deck with its card
// counts and, when the host chose packs, the packs of it in play. Shown beside the game once it
// starts (the lobby lists the decks itself), and in the lobby too when packs are chosen.

import { h, setText, syncList } from "../dom.js";
import { formatList, t } from "../i18n.js";

/** The packs of one deck in play, in words. */
export function packsInPlay(deck) {
  if (!Array.isArray(deck.packs)) return t("packs.every");
  if (!deck.packs.length) return t("packs.none");
  return t("packs.some", { count: deck.packs.length, names: formatList(deck.packs) });
}

export class DecksInPlayPanel {
  constructor() {
    this.summary = h("span");
    this.list = h("ul", { class: "packs-in-play" });
    this.element = h("section", { class: "panel decks-in-play-panel", "aria-label": t("inPlay.title"), hidden: true },
      h("details", {}, h("summary", {}, h("h2", { text: t("inPlay.title") }), this.summary), this.list));
  }

  update(ctx) {
    const decks = ctx.table.decks || [];
    const filtered = decks.some((deck) => Array.isArray(deck.packs));
    this.element.hidden = !decks.length || (ctx.table.status === "lobby" && !filtered);
    if (this.element.hidden) return;
    const packs = decks.reduce((sum, deck) => sum + (deck.packs ? deck.packs.length : 0), 0);
    const deckCount = t("inPlay.decks", { count: decks.length });
    setText(this.summary, filtered
      ? t("inPlay.summaryChosen", { decks: deckCount, packs: t("inPlay.packsChosen", { count: packs }) })
      : t("inPlay.summaryEvery", { decks: deckCount }));
    syncList(this.list, decks, (deck) => deck.id,
      () => h("li", {}, h("strong", { class: "deck-name" }), h("span", { class: "muted deck-counts" }), h("p", { class: "help deck-packs" })),
      (item, deck) => {
        setText(item.querySelector(".deck-name"), deck.name);
        setText(item.querySelector(".deck-counts"), ` · ${t("decks.counts", { black: deck.calls, white: deck.responses })}`);
        setText(item.querySelector(".deck-packs"), packsInPlay(deck));
      });
  }
}
