// games/csh/cards.js: the words for CSH cards. Card types come from the game's description
// (GET /api/games: its `cards` and `directorships`); a card in a view is `{id, card}` face up
// or `{id, down: true}` face down. Names, Voting Power and one-line descriptions live here.

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
    if (!card) return "a card";
    if (card.down) return "a canceled card (face down)";
    const type = this.type(card);
    return type ? type.name : "a card";
  }

  setName(setId) {
    if (setId === "base") return "Base";
    const found = this.sets.get(setId);
    return found ? found.name : setId;
  }

  /** The printed Voting Power: a number, or the Socials' rule. */
  printedVp(type) {
    return typeof type.vp === "number" ? `${type.vp} VP` : "VP = Socials in all Archives";
  }

  /** "Major Project · Evals · 4 VP": what a card is, for buttons and lists. */
  summary(card) {
    const type = this.type(card);
    if (!type) return this.name(card);
    if (type.kind === "election") return type.name;
    const vp = card.vp !== undefined ? `${card.vp} VP` : this.printedVp(type);
    return `${type.name} · ${this.setName(type.set)} · ${vp}`;
  }
}
