// games/russian-bank/cards.js: a Russian Bank card as words and as a face: rank and suit symbol
// on screen ("7♥", the suit's colour too, never alone), "7 of hearts" spoken (in the chosen
// language); the back of a pile of each pack, with how many cards lie in it. A face is a
// picture: its glyphs are drawn by CSS from `data-glyph` (style.css), so the text of a pile's
// button is its label alone, which its spoken name begins with (WCAG 2.5.3, label in name).

import { h } from "../../dom.js";
import { cardWords } from "../card-words.js";

const RANKS = { 1: "A", 11: "J", 12: "Q", 13: "K" };
const SUIT_SYMBOLS = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
const RED = new Set(["diamonds", "hearts"]);

export const cardName = (card) => cardWords(card);

/** A card's face (hidden from screen readers: the pile says the card in words). */
export function cardFace(card) {
  return h("span", { class: `rb-card ${RED.has(card.suit) ? "is-red" : "is-black"}`, "aria-hidden": "true" },
    h("span", { class: "rb-rank", "data-glyph": RANKS[card.rank] || String(card.rank) }), h("span", { class: "rb-suit", "data-glyph": SUIT_SYMBOLS[card.suit] }));
}

/** A face-down card of that pack's back; `count` badges the cards in a face-down pile. */
export function cardBack(pack, count = null) {
  return h("span", { class: `rb-card rb-back pack-${pack}`, "aria-hidden": "true" }, count === null ? null : h("span", { class: "rb-count", "data-glyph": String(count) }));
}
