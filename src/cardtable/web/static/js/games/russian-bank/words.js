// games/russian-bank/words.js: Russian Bank in words: piles ("layout pile 3", "Bot's discard
// pile"), the stop rules, what each event of the game means to a screen reader, why a deal
// ended and how each deal of a match went. The words are the catalogue's
// (keys "game.russian-bank.*").

import { t } from "../../i18n.js";
import { subject } from "../subject.js";
import { cardName } from "./cards.js";

export const STOP_RULES = {
  S1: "game.russian-bank.stop.S1",
  S2: "game.russian-bank.stop.S2",
  S3: "game.russian-bank.stop.S3",
  S4: "game.russian-bank.stop.S4",
};

/** A stop rule in words. */
export const stopRule = (rule) => (STOP_RULES[rule] ? t(STOP_RULES[rule]) : rule);

export const END_REASONS = {
  win: "game.russian-bank.end.win",
  resignation: "game.russian-bank.end.resignation",
  draw: "game.russian-bank.end.draw",
  match: "game.russian-bank.end.match",
};

const HOW = {
  "out-of-cards": "game.russian-bank.how.out-of-cards",
  forfeit: "game.russian-bank.how.forfeit",
  agreement: "game.russian-bank.how.agreement",
  stalemate: "game.russian-bank.how.stalemate",
  "no-progress": "game.russian-bank.how.no-progress",
};

/** A seat's own piles, for your seat and for another's ("{name}" is the owner). */
const OWN_PILES = {
  stock: ["game.russian-bank.pile.stock.you", "game.russian-bank.pile.stock"],
  hand: ["game.russian-bank.pile.hand.you", "game.russian-bank.pile.hand"],
  turned: ["game.russian-bank.pile.turned.you", "game.russian-bank.pile.turned"],
  discard: ["game.russian-bank.pile.discard.you", "game.russian-bank.pile.discard"],
};

/** A pile in words; `whose(seat)` is null for your own seat, else the seat's name. */
export function pileName(id, whose) {
  const [kind, index] = id.split(":");
  const n = Number(index);
  if (kind === "centre") return t("game.russian-bank.pile.foundation", { number: n + 1 });
  if (kind === "layout") return t("game.russian-bank.pile.layout", { number: n + 1 });
  const name = whose(n);
  return t(OWN_PILES[kind][name === null ? 0 : 1], { name });
}

/** One sentence for an event of the opponent's (your own moves are confirmed as you make
 *  them), or a result everyone hears. `words`: { me, name(seat), whose(seat) }. */
export function eventNews(event, words) {
  const { me, name, whose } = words;
  const theirs = event.seat !== me;
  const say = (text, urgent = false) => ({ text, urgent });
  switch (event.type) {
    case "moved":
      return theirs ? say(t("game.russian-bank.news.moved", { name: name(event.seat), card: cardName(event.card), from: pileName(event.from, whose), to: pileName(event.to, whose) })) : null;
    case "turned":
      return theirs ? say(t(event.pile.startsWith("stock") ? "game.russian-bank.news.turned-stock" : "game.russian-bank.news.turned-hand", { name: name(event.seat), card: cardName(event.card) })) : null;
    case "turn-started":
      return event.seat === me ? say(t("game.russian-bank.your-turn"), true) : say(t("game.russian-bank.news.turn", { name: name(event.seat) }));
    case "stopped": {
      const key = event.by === me ? "game.russian-bank.news.stopped.you" : event.offender === me ? "game.russian-bank.news.stopped.on-you" : "game.russian-bank.news.stopped";
      return say(t(key, { name: name(event.by), rule: stopRule(event.rule) }), event.offender === me);
    }
    case "hand-renewed":
      return say(t(event.seat === me ? "game.russian-bank.news.renewed.you" : "game.russian-bank.news.renewed", { name: name(event.seat), count: event.cards }));
    case "pass-completed":
      return say(t(event.seat === me ? "game.russian-bank.news.pass.you" : "game.russian-bank.news.pass", { name: name(event.seat), count: event.passes }));
    case "draw-offered":
      return theirs ? say(t("game.russian-bank.news.draw-offered", { name: name(event.seat) }), true) : null;
    case "draw-declined":
      return theirs ? say(t("game.russian-bank.news.draw-declined", { name: name(event.seat) }), true) : null;
    case "spread":
      return theirs ? say(t("game.russian-bank.news.spread", { name: name(event.seat) })) : null;
    case "resigned":
      return say(t(event.seat === me ? "game.russian-bank.news.resigned.you" : "game.russian-bank.news.resigned", { name: name(event.seat) }), true);
    case "deal-started":
      return event.deal > 1 ? say(t(event.first === me ? "game.russian-bank.news.deal.you" : "game.russian-bank.news.deal", { deal: event.deal, name: name(event.first) })) : null;
    case "deal-ended":
      return say(dealOutcome(event, name, me), true);
    default:
      return null;
  }
}

/** How a deal ended, in words; said to `me` (your seat; null in the history, which names
 *  every seat) "you won" when you did. */
export function dealOutcome(record, name, me = null) {
  const how = HOW[record.how] ? t(HOW[record.how]) : record.how;
  if (record.winner === null) return t("game.russian-bank.deal.drawn", { deal: record.deal, how });
  return t(subject("game.russian-bank.deal.won", record.winner, me), { deal: record.deal, name: name(record.winner), count: record.points[record.winner], how });
}
