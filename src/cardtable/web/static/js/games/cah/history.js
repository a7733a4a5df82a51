// games/cah/history.js: the rounds of one finished CAH game, read from the table's public
// history: each round's black card read with its winning answer, the Czar and the winner.
// Rounds are found by replaying the public document step by step (the first round starts with
// the game, before any event), and their outcomes from the round-winner and round-void events.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
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
  if (!rounds.length) return h("p", { class: "muted", text: t("game.cah.history.none") });
  return h("ol", { class: "history-list" }, rounds.map((round) => {
    let outcome = t("game.cah.history.void");
    if (round.tie) outcome = t("game.cah.history.tie");
    else if (round.cards) outcome = t("game.cah.history.won-by", { name: round.rando ? t("game.cah.rando") : seatName(round.winner) });
    else if (!round.void) outcome = t("game.cah.history.unfinished");
    const meta = round.czar !== null ? t("game.cah.history.round-czar", { round: round.round, name: seatName(round.czar) }) : t("game.cah.round", { round: round.round });
    return h("li", { class: "history-round" },
      h("p", { class: "history-meta muted", text: meta }),
      h("p", { class: "history-card" }, blackNodes(round.black.text, (round.cards || []).map((c) => c.text))),
      h("p", { class: "history-outcome", text: outcome }));
  }));
}
