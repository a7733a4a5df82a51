// games/index.js: the seam between the generic client and each game. A renderer module exports
// `createRenderer(host)`, where host = { act(action), hostAction(action), report(request), mode }
// (report opens the report dialog: request = { title, choices: [{kind, target, subject}] }),
// returning an object with:
//   element                      the game's part of the stage
//   update(ctx, events)          draw the view (ctx.view, ctx.table, ctx.seat ...) and react to events
//   seatInfo(seat)               { score, tags: [...], active } for the players panel, or null
//   headline(result, ctx)        the end screen's title (or null for the generic one)
//   endReason(reason)            why the game ended, in words (or null)
//   history(data, gameNumber, ctx)  an element listing the rounds of that game
//   destroy()
// Games without a renderer get a placeholder that says so.

import { h } from "../dom.js";

const RENDERERS = {
  cah: () => import("./cah.js"),
  "cunt-soul": () => import("./cunt-soul.js"),
  "russian-bank": () => import("./russian-bank.js"),
  csh: () => import("./csh.js"),
};

function placeholder() {
  const element = h("div", { class: "panel" }, h("h2", { id: "stage-title", text: "This game has no table view yet" }),
    h("p", { text: "You can watch the players and chat; the game itself plays on the server." }));
  return {
    element,
    update() {},
    seatInfo: () => null,
    headline: () => null,
    endReason: () => null,
    history: () => h("p", { class: "muted", text: "No round history for this game." }),
    destroy() {},
  };
}

export async function loadRenderer(gameId) {
  const load = RENDERERS[gameId];
  if (!load) return placeholder;
  const module = await load();
  return module.createRenderer;
}
