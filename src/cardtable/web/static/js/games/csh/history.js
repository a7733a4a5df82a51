// games/csh/history.js: the end of a CSH game in the history panel: the turns it lasted, who
// drew the Election, and the final count (every Archive as it stood, with its total).

import { h } from "../../dom.js";
import { gameSteps } from "../scaffold.js";
import { archiveSection } from "./archives.js";

/** The last public view of game `gameNumber` in the table's history. */
function finalView(data, gameNumber) {
  let last = null;
  for (const { pub } of gameSteps(data, gameNumber)) last = structuredClone(pub);
  return last;
}

export function historyList(data, gameNumber, { cat, seatName }) {
  const pub = finalView(data, gameNumber);
  if (!pub) return h("p", { class: "muted", text: "No turn was played." });
  const drawn = pub.election.drawn ? `${seatName(pub.election.by)} drew the Election.` : "The Election was not drawn.";
  return h("div", { class: "csh-final" },
    h("p", { text: `${pub.turn} turns were played. ${drawn}` }),
    h("h3", { text: "The final count" }),
    h("div", { class: "csh-archives" }, pub.archives.map((archive, seat) => archiveSection(archive, { label: `${seatName(seat)}'s Archive`, cat }))));
}
