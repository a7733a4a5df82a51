// games/card-words.js: the words of the French-suited deck that Cunt-Soul and Russian Bank deal
// from (catalogue keys "game.cards.*"): a rank's name, and the keys of every rank and suit, so
// that the catalogue tests can see each one is there.

import { t } from "../i18n.js";

const RANKS = {
  1: "game.cards.rank.1",
  2: "game.cards.rank.2",
  3: "game.cards.rank.3",
  4: "game.cards.rank.4",
  5: "game.cards.rank.5",
  6: "game.cards.rank.6",
  7: "game.cards.rank.7",
  8: "game.cards.rank.8",
  9: "game.cards.rank.9",
  10: "game.cards.rank.10",
  11: "game.cards.rank.11",
  12: "game.cards.rank.12",
  13: "game.cards.rank.13",
};

export const SUITS = {
  clubs: "game.cards.suit.clubs",
  diamonds: "game.cards.suit.diamonds",
  hearts: "game.cards.suit.hearts",
  spades: "game.cards.suit.spades",
};

/** "Queen", "Ace", "7": a rank (1 is the ace, 11 to 13 the court cards) in words. */
export function rankWord(rank) {
  return RANKS[rank] ? t(RANKS[rank]) : String(rank);
}

/** "Queen of hearts": a card ({rank, suit}) in words. */
export function cardWords(card) {
  return t("game.cards.name", { rank: rankWord(card.rank), suit: t(SUITS[card.suit]) });
}
