// games/cunt-soul/cards.js: how a Cunt-Soul card is named and drawn. The face shows the rank and
// the suit's symbol; screen readers hear the full name ("Queen of hearts", in the chosen
// language). Red suits are tinted, but the symbol always says the suit, so colour never carries
// it alone.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardWords, rankWord } from "../card-words.js";

const SHORT = { 0: "Joker", 1: "A", 11: "J", 12: "Q", 13: "K" };
const SYMBOLS = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
// The engine's rank names ("2".."10", "J", "Q", "K", "A", "Joker", "table") as printed ranks.
const NAMED = { Joker: 0, table: 1, J: 11, Q: 12, K: 13, A: 14 };

/** The printed rank the rules compare: 2..14 (the ace is high), 0 for a Joker. */
export function printedRank(card) {
  return card.rank === 1 ? 14 : card.rank;
}

/** The engine's rank name ("Q", "7", "table") as a printed rank. */
export function rankOf(name) {
  return name in NAMED ? NAMED[name] : Number(name);
}

export function cardShort(card) {
  return card.rank === 0 ? t("game.cards.joker") : `${SHORT[card.rank] || card.rank}${SYMBOLS[card.suit]}`;
}

export function cardName(card) {
  return card.rank === 0 ? t("game.cards.joker") : cardWords(card);
}

/** "the 8 of spades", "2 × 8", "3 × Joker". */
export function cardsWords(cards) {
  if (cards.length === 1) return cards[0].rank === 0 ? t("game.cards.a-joker") : t("game.cards.the", { card: cardName(cards[0]) });
  const rank = cards[0].rank === 0 ? t("game.cards.joker") : rankWord(cards[0].rank);
  const same = cards.every((card) => card.rank === cards[0].rank);
  return same ? t("game.cards.same", { count: cards.length, rank }) : cards.map(cardName).join(", ");
}

/** A card face: rank over suit symbol, named for screen readers. */
export function cardFace(card, { small = false, note = "" } = {}) {
  const red = card.suit === "hearts" || card.suit === "diamonds";
  const name = cardName(card) + (note ? `, ${note}` : "");
  return h("span", { class: `cs-card${small ? " cs-small" : ""}${red ? " cs-red" : ""}${card.rank === 0 ? " cs-joker" : ""}`, role: "img", "aria-label": name, title: name },
    h("span", { class: "cs-rank", text: card.rank === 0 ? "★" : SHORT[card.rank] || String(card.rank) }),
    h("span", { class: "cs-suit", text: card.rank === 0 ? t("game.cards.joker") : SYMBOLS[card.suit] }),
    note ? h("span", { class: "cs-note", "aria-hidden": "true", text: note }) : null);
}

/** The back of a card (with how many lie there), for face-down cards. */
export function cardBack(label, count = 1) {
  return h("span", { class: "cs-card cs-back", role: "img", "aria-label": label, title: label }, h("span", { text: count > 1 ? `×${count}` : "✦" }));
}
