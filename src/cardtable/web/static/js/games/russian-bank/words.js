// games/russian-bank/words.js: Russian Bank in words: piles ("layout pile 3", "Bot's discard
// pile"), the stop rules, what each event of the game means to a screen reader, why a deal
// ended and how each deal of a match went.

import { plural } from "../scaffold.js";
import { cardName } from "./cards.js";

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
