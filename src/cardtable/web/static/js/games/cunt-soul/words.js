// games/cunt-soul/words.js: Cunt-Soul in words: what happened (each public event becomes one
// short sentence for the table's log and the polite live region; events that only tell you your
// own cards, what you drew, are said to you alone), what each field does, finishing places and
// why a game ended. Your turn is announced by the renderer, not here.

import { cardsWords, cardShort } from "./cards.js";

export const END_REASONS = {
  "sole-cunt": "one player was left holding cards: the sole-cunt",
  stalemate: "nobody could get rid of their cards (a stalemate)",
};
export const PLACES = ["", "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"];

const ZONES = { hand: "", "face-up": " from face-up cards", "face-down": " blind" };
const BURNS = { ten: "a 10 burned the pile", "four-of-a-kind": "four alike burned the pile", paradox: "a paradox burned the pile" };

export const FIELD_TEXT = {
  2: "only 2s and Jokers go on anything",
  3: "three alike in a row become a 3",
  4: "one card per play, except in a 4-run",
  5: "5s swap with face-down cards",
  6: "the source's top card is face up",
  7: "after each play, its player says higher or lower",
  8: "abilities count once more",
  9: "2 to 9 count as equal",
  10: "burned cards go under the source",
  J: "after each turn, its player names who goes next",
  Q: "no ability stacks",
  K: "play equal or lower, not higher",
  A: "one more card in every hand",
  Joker: "cards have no abilities",
};

/** `name(seat)` gives "You" for yourself. Returns a sentence, or "" for events not worth saying. */
export function eventNews(event, name, me) {
  const who = name(event.seat);
  const you = event.seat === me;
  switch (event.type) {
    case "seat-selected": return you ? "" : `${who} has laid out their cards.`;
    case "revealed": return `Everyone's cards are turned over. Fields in play: ${event.seats.map((s) => `${name(s.seat)} ${cardShort(s.field)}`).join(", ")}.`;
    case "played": return `${who} played ${cardsWords(event.cards)}${ZONES[event.zone] || ""}.`;
    case "run-step": return `${who} ran on with ${cardsWords(event.cards)}.`;
    case "revealed-blind": return `${who} turned over ${cardsWords([event.card])}.`;
    case "burned": return `${BURNS[event.why] || "The pile burned"}${event.under_source ? " (the cards go under the source)" : ""}.`;
    case "picked-up": return `${who} picked up the pile (${event.cards.length} card${event.cards.length === 1 ? "" : "s"}).`;
    case "triple": return "Three alike in a row: they count as a 3.";
    case "paradox": return "Paradox: the Joker undid the move that gave its player the turn.";
    case "finished": return `${who} finished in place ${event.place}.`;
    case "follow-up": return you ? "" : `${who} must follow the Q.`;
    case "direction": return `${who} said ${event.direction}${event.field ? " (7-field)" : ""}.`;
    case "named": return `${who} named ${name(event.chosen)} to go next.`;
    case "swapped": return event.face_up ? `${who} swapped ${cardsWords([event.to_hand])} for ${cardsWords([event.face_up])} from their hand.` : `${who} swapped a face-down card.`;
    case "swapped-back": return `The Joker swapped ${who === "You" ? "your" : `${who}'s`} card back.`;
    case "run-returned": return `The Joker sent ${event.cards.length} run card${event.cards.length === 1 ? "" : "s"} back to ${who}.`;
    case "field-changed": return `${who} changed field card from ${cardShort(event.old)} to ${cardShort(event.new)}, burning ${cardShort(event.burned)}.`;
    case "drew": return event.why === "replenish" ? "" : `You drew ${event.cards.map(cardShort).join(", ")} (penalty).`;
    case "seat-drew": return event.why !== "replenish" && !you ? `${who} drew ${event.count} penalty card${event.count === 1 ? "" : "s"}.` : "";
    case "game-ended": return event.stalemate ? "The game ended in a stalemate." : "The game is over.";
    default: return "";
  }
}
