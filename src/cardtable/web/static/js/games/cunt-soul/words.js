// games/cunt-soul/words.js: Cunt-Soul in words: what happened (each public event becomes one
// short sentence for the table's log and the polite live region; events that only tell you your
// own cards, what you drew, are said to you alone), what each field does, the constraint on the
// next play, finishing places and why a game ended. Your turn is announced by the renderer, not
// here. The words are the catalogue's (keys "game.cunt-soul.*").

import { formatList, t } from "../../i18n.js";
import { between, midSentence, subject } from "../subject.js";
import { cardsWords, cardShort, printedRank, rankOf } from "./cards.js";

export const END_REASONS = {
  "sole-cunt": "game.cunt-soul.end.sole-cunt",
  stalemate: "game.cunt-soul.end.stalemate",
};

/** A finishing place in words ("1st"). */
export const place = (n) => t("game.cunt-soul.place", { place: n });

const BURNS = {
  ten: "game.cunt-soul.news.burn.ten",
  "four-of-a-kind": "game.cunt-soul.news.burn.four",
  paradox: "game.cunt-soul.news.burn.paradox",
};

export const FIELD_TEXT = {
  2: "game.cunt-soul.field.2",
  3: "game.cunt-soul.field.3",
  4: "game.cunt-soul.field.4",
  5: "game.cunt-soul.field.5",
  6: "game.cunt-soul.field.6",
  7: "game.cunt-soul.field.7",
  8: "game.cunt-soul.field.8",
  9: "game.cunt-soul.field.9",
  10: "game.cunt-soul.field.10",
  J: "game.cunt-soul.field.J",
  Q: "game.cunt-soul.field.Q",
  K: "game.cunt-soul.field.K",
  A: "game.cunt-soul.field.A",
  Joker: "game.cunt-soul.field.Joker",
};

const CONSTRAINTS = {
  any: "game.cunt-soul.next.any",
  "must-3": "game.cunt-soul.next.must-3",
  "seven-higher": "game.cunt-soul.next.seven-higher",
  "seven-lower": "game.cunt-soul.next.seven-lower",
  "field-seven-higher": "game.cunt-soul.next.field-higher",
  "field-seven-lower": "game.cunt-soul.next.field-lower",
  "order-at-least": "game.cunt-soul.next.at-least",
  "order-at-most": "game.cunt-soul.next.at-most",
};

/** The pile's demand on the next play (the public view's `constraint`) in words; `pub` tells
 *  whether the 9-field makes 2 to 9 equal for the top play. */
export function constraintWords(constraint, pub) {
  const top = pub.pile[pub.pile.length - 1];
  const converted = top && rankOf(top.value) !== printedRank(top.cards[top.cards.length - 1]);
  let key = constraint.kind === "any" || constraint.kind === "must-3" ? constraint.kind : `${constraint.kind}-${constraint.direction}`;
  if (constraint.kind === "any" && constraint.value !== undefined) key = "on-nine";
  const text = key === "on-nine" ? t("game.cunt-soul.next.on-nine") : t(CONSTRAINTS[key] || CONSTRAINTS.any, { value: constraint.value });
  const nine = pub.fields.ranks["9"] && !converted && (constraint.kind === "order" || constraint.kind === "field-seven");
  const full = nine ? `${text} ${t("game.cunt-soul.next.nine")}` : text;
  return constraint.follow_up ? t("game.cunt-soul.next.follow-up", { text: full }) : full;
}

/** `name(seat)` gives "You" for yourself. Returns a sentence, or "" for events not worth saying. */
export function eventNews(event, name, me) {
  const who = name(event.seat);
  const you = event.seat === me;
  const about = (key, vars = {}) => t(subject(key, event.seat, me), { name: who, ...vars });
  switch (event.type) {
    case "seat-selected": return you ? "" : t("game.cunt-soul.news.laid-out", { name: who });
    case "revealed": return t("game.cunt-soul.news.revealed", { fields: event.seats.map((s) => `${midSentence(s.seat, me, name)} ${cardShort(s.field)}`).join(", ") });
    case "played": {
      const cards = cardsWords(event.cards);
      if (event.zone === "face-up") return about("game.cunt-soul.news.from-face-up", { cards });
      return event.zone === "face-down" ? about("game.cunt-soul.news.blind", { cards }) : about("game.cunt-soul.news.played", { cards });
    }
    case "run-step": return about("game.cunt-soul.news.run-step", { cards: cardsWords(event.cards) });
    case "revealed-blind": return about("game.cunt-soul.news.turned-over", { cards: cardsWords([event.card]) });
    case "burned": return t(event.under_source ? "game.cunt-soul.news.burned.under" : "game.cunt-soul.news.burned",
      { why: t(BURNS[event.why] || "game.cunt-soul.news.burn.other") });
    case "picked-up": return about("game.cunt-soul.news.picked-up", { count: event.cards.length });
    case "triple": return t("game.cunt-soul.news.triple");
    case "paradox": return t("game.cunt-soul.news.paradox");
    case "finished": return about("game.cunt-soul.news.finished", { place: place(event.place) });
    case "follow-up": return you ? "" : t("game.cunt-soul.news.follow-up", { name: who });
    case "direction": {
      const higher = event.direction === "higher";
      if (event.field) return higher ? about("game.cunt-soul.news.higher.field") : about("game.cunt-soul.news.lower.field");
      return higher ? about("game.cunt-soul.news.higher") : about("game.cunt-soul.news.lower");
    }
    case "named": return t(between("game.cunt-soul.news.named", event.seat, event.chosen, me), { name: who, chosen: name(event.chosen) });
    case "swapped": return event.face_up
      ? about("game.cunt-soul.news.swapped", { taken: cardsWords([event.to_hand]), given: cardsWords([event.face_up]) })
      : about("game.cunt-soul.news.swapped-down");
    case "swapped-back": return about("game.cunt-soul.news.swapped-back");
    case "run-returned": return about("game.cunt-soul.news.run-returned", { count: event.cards.length });
    case "field-changed": return about("game.cunt-soul.news.field-changed", { old: cardShort(event.old), new: cardShort(event.new), burned: cardShort(event.burned) });
    case "drew": return event.why === "replenish" ? "" : t("game.cunt-soul.news.drew", { cards: formatList(event.cards.map(cardShort)) });
    case "seat-drew": return event.why !== "replenish" && !you ? t("game.cunt-soul.news.seat-drew", { name: who, count: event.count }) : "";
    case "game-ended": return t(event.stalemate ? "game.cunt-soul.news.stalemate" : "game.cunt-soul.news.over");
    default: return "";
  }
}
