// panels/decks-in-play.js: the cards a table plays (`table.decks`): each deck with its card
// counts and, when the host chose packs, the packs of it in play. Shown beside the game once it
// starts (the lobby lists the decks itself), and in the lobby too when packs are chosen.

import { h, setText, syncList } from "../dom.js";

/** The packs of one deck in play, in words. */
export function packsInPlay(deck) {
  if (!Array.isArray(deck.packs)) return "every pack";
  if (!deck.packs.length) return "none of its packs: no cards";
  return `${deck.packs.length === 1 ? "pack" : `${deck.packs.length} packs`}: ${deck.packs.join(", ")}`;
}

export class DecksInPlayPanel {
  constructor() {
    this.summary = h("span");
    this.list = h("ul", { class: "packs-in-play" });
    this.element = h("section", { class: "panel decks-in-play-panel", "aria-label": "Cards in play", hidden: true },
      h("details", {}, h("summary", {}, h("h2", { text: "Cards in play" }), this.summary), this.list));
  }

  update(ctx) {
    const decks = ctx.table.decks || [];
    const filtered = decks.some((deck) => Array.isArray(deck.packs));
    this.element.hidden = !decks.length || (ctx.table.status === "lobby" && !filtered);
    if (this.element.hidden) return;
    const packs = decks.reduce((sum, deck) => sum + (deck.packs ? deck.packs.length : 0), 0);
    setText(this.summary, filtered
      ? `${decks.length} deck${decks.length === 1 ? "" : "s"}, ${packs} pack${packs === 1 ? "" : "s"} chosen`
      : `${decks.length} deck${decks.length === 1 ? "" : "s"}, every pack`);
    syncList(this.list, decks, (deck) => deck.id,
      () => h("li", {}, h("strong", { class: "deck-name" }), h("span", { class: "muted deck-counts" }), h("p", { class: "help deck-packs" })),
      (item, deck) => {
        setText(item.querySelector(".deck-name"), deck.name);
        setText(item.querySelector(".deck-counts"), ` · ${deck.calls} black, ${deck.responses} white`);
        setText(item.querySelector(".deck-packs"), packsInPlay(deck));
      });
  }
}
