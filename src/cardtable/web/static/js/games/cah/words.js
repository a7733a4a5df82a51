// games/cah/words.js: what CAH says to screen readers, in words: each event of the game as one
// sentence (or nothing, for your own moves, which are confirmed when you make them), the
// prompt when something is asked of you, and why a round was void or the game ended. The words
// are the catalogue's (keys "game.cah.*"); card texts stay as the deck has them.

import { language, t } from "../../i18n.js";
import { subject } from "../subject.js";
import { blackSentence } from "./cards.js";

export const END_REASONS = {
  "points-target": "game.cah.end.points-target",
  "black-deck-exhausted": "game.cah.end.out-of-black-cards",
  "out-of-black-cards": "game.cah.end.out-of-black-cards",
  "out-of-white-cards": "game.cah.end.out-of-white-cards",
  rounds: "game.cah.end.rounds",
  "time-limit": "game.cah.end.time-limit",
  "host-ended": "game.cah.end.host-ended",
  "happy-ending": "game.cah.end.happy-ending",
  "too-few-players": "game.cah.end.too-few-players",
};

const VOID_REASONS = {
  "czar-left": "game.cah.void.czar-left",
  "judge-timeout": "game.cah.void.judge-timeout",
  "no-answers": "game.cah.void.no-answers",
  "happy-ending": "game.cah.void.happy-ending",
};

/** "1 or 2": the sizes a seat may submit, in words. */
export function sizesWords(sizes) {
  return new Intl.ListFormat(language(), { type: "disjunction" }).format(sizes.map(String));
}

/** `words`: { me (your seat or null), seatName(seat) ("You" for yours), reading(round, cards)
 *  (the black card read with those cards), pickLabel(black) }. Returns { text, urgent } or null.
 *  Round winners are not here: the renderer celebrates them. */
export function eventNews(event, words) {
  const { me, seatName } = words;
  const name = event.seat !== undefined ? seatName(event.seat) : "";
  const theirs = event.seat !== me;
  const say = (text, urgent = false) => ({ text, urgent });
  switch (event.type) {
    case "round-started": {
      if (event.czar === me && me !== null) return null; // the turn prompt says it
      const czar = event.czar === null ? t("game.cah.news.no-czar") : t("game.cah.news.czar-is", { name: seatName(event.czar) });
      return say(`${t("game.cah.news.round", { round: event.round })} ${czar} ${blackSentence(event.black.text)} ${words.pickLabel(event.black)}`);
    }
    case "card-submitted":
      return theirs ? say(t("game.cah.news.submitted", { name })) : null;
    case "answer-revealed":
      return say(t("game.cah.news.answer", { number: event.answer + 1, text: words.reading(event.round, event.cards) }));
    case "runner-up":
      if (event.answer === null) return say(t("game.cah.news.runner-up-tie"));
      return say(t(subject("game.cah.news.runner-up", event.rando ? null : event.winner, me), { name: event.rando ? t("game.cah.rando") : seatName(event.winner) }));
    case "round-void":
      return say(t("game.cah.news.void", { round: event.round, reason: VOID_REASONS[event.reason] ? t(VOID_REASONS[event.reason]) : event.reason }));
    case "answer-eliminated":
      return say(t("game.cah.news.eliminated", { number: event.answer + 1 }));
    case "bet-placed":
      return theirs ? say(t("game.cah.news.bet", { name })) : null;
    case "universe-rebooted":
      return theirs ? say(t("game.cah.news.rebooted", { name })) : null;
    case "card-discarded":
      return theirs ? say(t("game.cah.news.discarded", { name, text: event.card.text })) : null;
    case "never-have-i-ever":
      return say(t(theirs ? "game.cah.news.nhie" : "game.cah.news.nhie.you", { name, text: event.card.text }));
    case "confessed":
      return theirs ? say(t("game.cah.news.confessed", { name })) : null;
    case "player-skipped":
      return theirs ? say(t("game.cah.news.skipped", { name })) : say(t("game.cah.news.skipped.you"), true);
    default:
      return null;
  }
}

/** The prompt for what is asked of you now (`asked`: submit, reveal, pick, rank, vote,
 *  eliminate), with `can` (the seat view's `you.can`) and the public view. */
export function turnPrompt(asked, can, pub, black) {
  switch (asked) {
    case "submit":
      return t("game.cah.prompt.submit", { count: Math.max(...can.submit), sizes: sizesWords(can.submit), card: black ? blackSentence(black.text) : "" });
    case "reveal": return t("game.cah.prompt.reveal");
    case "pick": return t("game.cah.prompt.pick");
    case "rank": return t("game.cah.status.rank", { count: can.rank.size });
    case "vote": return pub.phase === "runner-up-vote" ? t("game.cah.status.runner-up-vote") : t("game.cah.prompt.vote");
    default: return t("game.cah.status.eliminate");
  }
}
