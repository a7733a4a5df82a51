// games/csh/history.js: the end of a CSH game in the history panel: the turns it lasted, who
// drew the Election, and the final count (every Archive as it stood, with its total).

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
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
  if (!pub) return h("p", { class: "muted", text: t("game.csh.history.none") });
  const drawn = pub.election.drawn ? t("game.csh.history.election", { name: seatName(pub.election.by) }) : t("game.csh.history.no-election");
  return h("div", { class: "csh-final" },
    h("p", { text: `${t("game.csh.history.turns", { count: pub.turn })} ${drawn}` }),
    h("h3", { text: t("game.csh.history.count") }),
    h("div", { class: "csh-archives" }, pub.archives.map((archive, seat) => archiveSection(archive, { label: t("game.csh.archive.theirs", { name: seatName(seat) }), cat }))));
}
