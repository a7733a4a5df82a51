// games/cah/history.js: the rounds of one finished CAH game, read from the table's public
// history: each round's black card read with its winning answer, the Czar and the winner.
// Rounds are found by replaying the public document step by step (the first round starts with
// the game, before any event), and their outcomes from the round-winner and round-void events.

import { h } from "../../dom.js";
import { gameSteps } from "../scaffold.js";
import { blackNodes } from "./cards.js";

function roundsOf(data, gameNumber) {
  const rounds = new Map();
  for (const { pub, events } of gameSteps(data, gameNumber)) {
    if (pub.black && !rounds.has(pub.round)) rounds.set(pub.round, { round: pub.round, czar: pub.czar, black: { ...pub.black } });
    for (const event of events) {
      const round = rounds.get(event.round);
      if (!round) continue;
      if (event.type === "round-winner") Object.assign(round, { winner: event.winner, rando: event.rando, cards: event.cards || [], tie: event.tie });
      if (event.type === "round-void") round.void = event.reason;
    }
  }
  return [...rounds.values()];
}

export function historyList(data, gameNumber, seatName) {
  const rounds = roundsOf(data, gameNumber);
  if (!rounds.length) return h("p", { class: "muted", text: "No round was played." });
  return h("ol", { class: "history-list" }, rounds.map((round) => {
    let outcome = "No winner: the round was void.";
    if (round.tie) outcome = "Tied vote: no point.";
    else if (round.cards) outcome = round.rando ? "Won by Rando Cardrissian." : `Won by ${seatName(round.winner)}.`;
    else if (!round.void) outcome = "Not finished.";
    return h("li", { class: "history-round" },
      h("p", { class: "history-meta muted", text: `Round ${round.round}${round.czar !== null ? ` · Czar: ${seatName(round.czar)}` : ""}` }),
      h("p", { class: "history-card" }, blackNodes(round.black.text, (round.cards || []).map((c) => c.text))),
      h("p", { class: "history-outcome", text: outcome }));
  }));
}
