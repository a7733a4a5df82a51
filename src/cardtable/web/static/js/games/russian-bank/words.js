// games/russian-bank/words.js: Russian Bank in words: cards (rank and suit symbol on screen,
// "7 of hearts" spoken), piles ("layout pile 3", "Bot's discard pile"), the stop rules, what
// each event of the game means to a screen reader, why a deal ended, and the deals of a match.

import { h } from "../../dom.js";
import { applyPatch } from "../../patch.js";

const RANKS = { 1: "A", 11: "J", 12: "Q", 13: "K" };
const RANK_NAMES = { 1: "ace", 11: "jack", 12: "queen", 13: "king" };
export const SUIT_SYMBOLS = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };

export const STOP_RULES = {
  S1: "a card could have gone to the centre first",
  S2: "the hand was used before the stock card was turned",
  S3: "a second card was turned before changing the layout",
  S4: "an exposed card that had to be played was not",
};

export const END_REASONS = {
  win: "a player got rid of all their cards",
  resignation: "a player resigned",
  draw: "the deal was drawn",
  match: "every deal of the match was played",
};

const HOW = {
  "out-of-cards": "out of cards",
  forfeit: "by resignation",
  agreement: "agreed draw",
  stalemate: "nobody could get rid of their cards",
  "no-progress": "no progress",
};

export const rankText = (card) => RANKS[card.rank] || String(card.rank);
export const cardName = (card) => `${RANK_NAMES[card.rank] || card.rank} of ${card.suit}`;
export const plural = (n, word) => `${n} ${n === 1 ? word : word.endsWith("s") ? `${word}es` : `${word}s`}`;

/** `owner(seat)` is "your" or "Bot's". */
export function pileName(id, owner) {
  const [kind, index] = id.split(":");
  const n = Number(index);
  switch (kind) {
    case "centre": return `foundation ${n + 1}`;
    case "layout": return `layout pile ${n + 1}`;
    case "turned": return `${owner(n)} turned card`;
    default: return `${owner(n)} ${kind === "discard" ? "discard pile" : kind}`;
  }
}

/** One sentence for an event of the opponent's (your own moves are confirmed as you make
 *  them), or a result everyone hears. `words`: { me, name(seat), owner(seat) }. */
export function eventNews(event, words) {
  const { me, name, owner } = words;
  const theirs = event.seat !== me;
  const say = (text, urgent = false) => ({ text, urgent });
  switch (event.type) {
    case "moved":
      return theirs ? say(`${name(event.seat)} played ${cardName(event.card)} from ${pileName(event.from, owner)} to ${pileName(event.to, owner)}.`) : null;
    case "turned":
      return theirs ? say(`${name(event.seat)} turned up ${cardName(event.card)} from their ${event.pile.startsWith("stock") ? "stock" : "hand"}.`) : null;
    case "turn-started":
      return event.seat === me ? say("Your turn.", true) : say(`${name(event.seat)}'s turn.`);
    case "stopped":
      return say(`${event.by === me ? "You" : name(event.by)} called Stop${event.offender === me ? " on you" : ""}: ${STOP_RULES[event.rule]}.`, event.offender === me);
    case "hand-renewed":
      return say(`${name(event.seat)} turned ${event.seat === me ? "your" : "their"} discards over: a new hand of ${event.cards}.`);
    case "pass-completed":
      return say(`${name(event.seat)} completed pass ${event.passes} through the hand.`);
    case "draw-offered":
      return theirs ? say(`${name(event.seat)} offers a draw.`, true) : null;
    case "draw-declined":
      return theirs ? say(`${name(event.seat)} declined the draw.`, true) : null;
    case "spread":
      return theirs ? say(`${name(event.seat)} spread their discards.`) : null;
    case "resigned":
      return say(`${name(event.seat)} resigned.`, true);
    case "deal-started":
      return event.deal > 1 ? say(`Deal ${event.deal}: ${name(event.first)} start${event.first === me ? "" : "s"}.`) : null;
    case "deal-ended":
      return say(dealOutcome(event, name), true);
    default:
      return null;
  }
}

export function dealOutcome(record, name) {
  const how = HOW[record.how] || record.how;
  if (record.winner === null) return `Deal ${record.deal} is a draw (${how}).`;
  return `Deal ${record.deal}: ${name(record.winner)} won, ${plural(record.points[record.winner], "point")} (${how}).`;
}

/** The deals of a finished game, from the last public view of that game in the history. */
export function historyList(data, gameNumber, name) {
  let document = structuredClone(data.start);
  let deals = [];
  for (const step of data.steps) {
    document = applyPatch(document, step.patch);
    const pub = document.game && document.game.public;
    if (document.table.game_number === gameNumber && pub) deals = pub.history;
  }
  if (!deals.length) return h("p", { class: "muted", text: "No deal was finished." });
  return h("ol", { class: "history-list" }, deals.map((record) => h("li", { class: "history-round", text: dealOutcome(record, name) })));
}
