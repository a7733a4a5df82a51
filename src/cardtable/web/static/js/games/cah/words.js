// games/cah/words.js: what CAH says to screen readers, in words: each event of the game as one
// sentence (or nothing, for your own moves, which are confirmed when you make them), the
// prompt when something is asked of you, and why a round was void or the game ended.

import { blackSentence } from "./cards.js";

export const END_REASONS = {
  "points-target": "someone reached the points target",
  "black-deck-exhausted": "the black cards ran out",
  "out-of-black-cards": "the black cards ran out",
  "out-of-white-cards": "the white cards ran out",
  rounds: "the last round was played",
  "time-limit": "time is up",
  "host-ended": "the host ended it",
  "happy-ending": "the Happy Ending haiku was played",
  "too-few-players": "too few players were left",
};

const VOID_REASONS = {
  "czar-left": "the Card Czar left",
  "judge-timeout": "judging ran out of time",
  "no-answers": "nobody answered",
  "happy-ending": "the host called the Happy Ending",
};

/** `words`: { me (your seat or null), seatName(seat) ("You" for yours), reading(round, cards)
 *  (the black card read with those cards), pickLabel(black) }. Returns { text, urgent } or null.
 *  Round winners are not here: the renderer celebrates them. */
export function eventNews(event, words) {
  const { me, seatName } = words;
  const who = event.seat !== undefined ? seatName(event.seat) : "";
  const theirs = event.seat !== me;
  const say = (text, urgent = false) => ({ text, urgent });
  switch (event.type) {
    case "round-started": {
      if (event.czar === me && me !== null) return null; // the turn prompt says it
      const czar = event.czar === null ? "No Card Czar." : `${seatName(event.czar)} ${event.czar === me ? "are" : "is"} the Card Czar.`;
      return say(`Round ${event.round}. ${czar} ${blackSentence(event.black.text)} ${words.pickLabel(event.black)}`);
    }
    case "card-submitted":
      return theirs ? say(`${who} submitted.`) : null;
    case "answer-revealed":
      return say(`Answer ${event.answer + 1}: ${words.reading(event.round, event.cards)}`);
    case "runner-up":
      return say(event.answer === null ? "Runner-up vote: a tie, no point."
        : `Runner-up: ${event.rando ? "Rando Cardrissian" : seatName(event.winner)} gets 1 point.`);
    case "round-void":
      return say(`Round ${event.round} is void: ${VOID_REASONS[event.reason] || event.reason}.`);
    case "answer-eliminated":
      return say(`Answer ${event.answer + 1} was eliminated.`);
    case "bet-placed":
      return theirs ? say(`${who} bet a point on an extra answer.`) : null;
    case "universe-rebooted":
      return theirs ? say(`${who} rebooted the universe.`) : null;
    case "card-discarded":
      return theirs ? say(`${who} discarded a card they don't understand: “${event.card.text}”.`) : null;
    case "never-have-i-ever":
      return say(`${who} read: never have I ever… ${event.card.text}. Confess if you have.`);
    case "confessed":
      return theirs ? say(`${who} confessed.`) : null;
    case "player-skipped":
      return theirs ? say(`${who} ran out of time.`) : say("Time ran out: you sit this round out.", true);
    default:
      return null;
  }
}

/** The prompt for what is asked of you now (`asked`: submit, reveal, pick, rank, vote,
 *  eliminate), with `can` (the seat view's `you.can`) and the public view. */
export function turnPrompt(asked, can, pub, black) {
  switch (asked) {
    case "submit": {
      const count = `${can.submit.join(" or ")} card${can.submit[0] > 1 ? "s" : ""}`;
      return `Your turn: choose ${count} for: ${black ? blackSentence(black.text) : ""}`;
    }
    case "reveal": return "All answers are in. You are the Card Czar: reveal them one by one.";
    case "pick": return "All answers are in. Choose the winner.";
    case "rank": return `Rank the best ${can.rank.size} answers, best first.`;
    case "vote": return pub.phase === "runner-up-vote" ? "Happy Ending: vote for the best losing answer." : "Vote for your favourite answer.";
    default: return "Your turn: eliminate one answer.";
  }
}
