// games/russian-bank/history.js: the deals of one finished Russian Bank game (a match of one
// or more deals) for the end screen, from the last public view of that game in the history.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { gameSteps } from "../scaffold.js";
import { dealOutcome } from "./words.js";

export function historyList(data, gameNumber, name) {
  let deals = [];
  for (const { pub } of gameSteps(data, gameNumber)) deals = [...pub.history];
  if (!deals.length) return h("p", { class: "muted", text: t("game.russian-bank.history.none") });
  return h("ol", { class: "history-list" }, deals.map((record) => h("li", { class: "history-round", text: dealOutcome(record, name) })));
}
