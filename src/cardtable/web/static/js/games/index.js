// games/index.js: the seam between the generic client and each game, and the loader of a
// game's folder (games/README.md says what is in one). A folder's renderer.js exports
// `createRenderer(host)`, where host = { act(action), hostAction(action), report(request), mode }
// (report opens the report dialog: request = { title, choices: [{kind, target, subject}] }),
// returning an object (a scaffold.js GameRenderer) with:
//   element                      the game's part of the stage
//   update(ctx, events)          draw the view (ctx.view, ctx.table, ctx.seat ...) and react to events
//   seatInfo(seat)               { score, tags: [...], active } for the players panel, or null
//   headline(result, ctx)        the end screen's title (or null for the generic one)
//   endReason(reason)            why the game ended, in words (or null)
//   otherPlayers()               optional: who plays without a seat (CAH's Rando), for the players
//                                panel: [{ key, name, score (or null), tags: [...] }]
//   otherStandings(result)       optional: who else the result ranks, not a seat (CAH's Rando):
//                                [{ place, name, score }] for the end screen's standings
//   history(data, gameNumber, ctx)  an element listing the rounds of that game
//   destroy()
// `loadRenderer` resolves once the renderer module and the folder's style.css are both in.
// Games without a renderer get a placeholder that says so.

import { h } from "../dom.js";
import { t } from "../i18n.js";

const RENDERERS = {
  cah: () => import("./cah/renderer.js"),
  "cunt-soul": () => import("./cunt-soul/renderer.js"),
  "russian-bank": () => import("./russian-bank/renderer.js"),
  csh: () => import("./csh/renderer.js"),
};

function placeholder() {
  const element = h("div", { class: "panel" }, h("h2", { id: "stage-title", text: t("placeholder.title") }),
    h("p", { text: t("placeholder.text") }));
  return {
    element,
    update() {},
    seatInfo: () => null,
    headline: () => null,
    endReason: () => null,
    history: () => h("p", { class: "muted", text: t("placeholder.history") }),
    destroy() {},
  };
}

const stylesheets = new Map();

/** Adds the stylesheet once; resolves when it is in use (or failed: the game still plays). */
function stylesheet(href) {
  if (!stylesheets.has(href)) {
    stylesheets.set(href, new Promise((done) => {
      const link = h("link", { rel: "stylesheet", href, onload: () => done(), onerror: () => done() });
      document.head.append(link);
    }));
  }
  return stylesheets.get(href);
}

export async function loadRenderer(gameId) {
  const load = RENDERERS[gameId];
  if (!load) return placeholder;
  const [module] = await Promise.all([load(), stylesheet(new URL(`./${gameId}/style.css`, import.meta.url).href)]);
  return module.createRenderer;
}
