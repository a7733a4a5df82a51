// games/cunt-soul/history.js: the story of one finished Cunt-Soul game for the end screen, read
// from the table's public history: the finishing order as it happened down to the sole-cunt (or
// the players stuck in a stalemate), then for each player how often they picked up and burned the pile.

import { h } from "../../dom.js";
import { formatList, t } from "../../i18n.js";
import { gameSteps } from "../scaffold.js";

function gameStory(data, gameNumber) {
  const story = { finished: [], pickups: new Map(), burns: new Map(), turns: 0, stalemate: null };
  const bump = (map, seat) => map.set(seat, (map.get(seat) || 0) + 1);
  for (const { events } of gameSteps(data, gameNumber)) {
    for (const event of events) {
      if (event.type === "finished") story.finished.push(event.seat);
      else if (event.type === "picked-up") bump(story.pickups, event.seat);
      else if (event.type === "burned") bump(story.burns, event.seat);
      else if (event.type === "turn") story.turns += 1;
      else if (event.type === "game-ended" && event.stalemate) story.stalemate = event.stalemate;
    }
  }
  return story;
}

export function historyList(data, gameNumber, seatName, seats) {
  const story = gameStory(data, gameNumber);
  if (!story.turns) return h("p", { class: "muted", text: t("game.cunt-soul.history.none") });
  const turns = t("game.cunt-soul.history.turns", { count: story.turns });
  return h("div", { class: "cs-history" },
    h("p", { text: story.stalemate ? `${turns} ${t("game.cunt-soul.history.stalemate")}` : turns }),
    h("h3", { text: t("game.cunt-soul.history.order") }),
    h("ol", { class: "cs-finish-order" }, story.finished.map((seat) => h("li", { text: seatName(seat) })),
      story.stalemate
        ? story.stalemate.map((group, i, groups) => h("li", {
          text: t(i === groups.length - 1 && group.length === 1 ? "game.cunt-soul.history.stuck-last" : "game.cunt-soul.history.stuck", { names: formatList(group.map(seatName)) }),
        }))
        : Array.from({ length: seats }, (_, seat) => seat).filter((seat) => !story.finished.includes(seat))
          .map((seat) => h("li", { text: t("game.cunt-soul.history.sole-cunt", { name: seatName(seat) }) }))),
    h("ul", { class: "cs-history-stats" }, Array.from({ length: seats }, (_, seat) => h("li", {
      text: `${seatName(seat)}: ${t("game.cunt-soul.history.picked-up", { count: story.pickups.get(seat) || 0 })}, ${t("game.cunt-soul.history.burned", { count: story.burns.get(seat) || 0 })}.`,
    }))));
}
