// screens/end.js: the end of a game: the winner, the final standings, the history of its
// rounds (from GET /api/tables/{code}/history, drawn by the game's renderer) and the rematch.
// When it ended a tournament, the host chooses between a new tournament and single games.
// Seats are named as they were when the game ended (the result's `names`: someone who left
// keeps theirs), and the standings list whoever else the game ranked (CAH's Rando).
// A game claimed by the one player left, or ended without a result (by them, or by the server
// when nobody had been at the table for a long time), says so.

import { announce } from "../announce.js";
import { api } from "../api.js";
import { h, replace } from "../dom.js";
import { humanize } from "../options-form.js";
import { seriesHeadline } from "../panels/series.js";
import { seriesSetting } from "../table-settings.js";

/** Why a game ended when the table ended it (not the game's own rules). */
const TABLE_REASONS = {
  claimed: "the player still there claimed it, everyone else was away",
  abandoned: "it ended without a result, as the players had left the table",
};

function listNames(names) {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export class EndView {
  constructor({ tableAct, renderer }) {
    this.tableAct = tableAct;
    this.renderer = renderer;
    this.element = h("div", { class: "end" });
    this.shown = null;
  }

  update(ctx) {
    const result = ctx.table.results[ctx.table.results.length - 1];
    const series = ctx.table.series;
    const seriesOver = Boolean(series && series.over);
    const key = `${result.game_number}:${ctx.isHost}:${seriesOver}`;
    if (key === this.shown) return;
    this.shown = key;
    const named = (seat) => (result.names && result.names[seat] && result.names[seat].length ? result.names[seat].join(" & ") : ctx.seatName(seat));
    const ended = { ...ctx, seatName: named };
    const winners = listNames(result.winners.map(named));
    const headline = result.reason === "abandoned" ? "The game ended without a result"
      : this.renderer.headline(result, ended)
        || (result.draw ? "The game is a draw: everyone shares first place"
          : result.winners.length ? `${winners} ${result.winners.length > 1 ? "share the win" : "wins"}!`
          : "The game ended without a winner");
    const order = !result.places ? [] : [
      ...result.places.map((place, seat) => ({ place, name: named(seat) + (seat === ctx.seat ? " (you)" : ""), score: result.scores ? result.scores[seat] : null })),
      ...(this.renderer.otherStandings ? this.renderer.otherStandings(result) : []),
    ].sort((a, b) => a.place - b.place);
    const why = TABLE_REASONS[result.reason] || this.renderer.endReason(result.reason) || humanize(result.reason);
    const history = h("div", { class: "history" }, h("p", { class: "muted", text: "Loading the rounds…" }));
    replace(this.element,
      h("section", { class: "panel end-head", "aria-labelledby": "stage-title" },
        h("h2", { id: "stage-title", class: "winner-title", text: headline }),
        h("p", { class: "muted", text: `Game ${result.game_number} is over: ${why}.` }),
        !order.length ? null : h("table", { class: "standings" },
          h("caption", { class: "visually-hidden", text: "Final standings" }),
          h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Place" }), h("th", { scope: "col", text: "Player" }),
            result.scores ? h("th", { scope: "col", text: "Points" }) : null)),
          h("tbody", {}, order.map(({ place, name, score }) => h("tr", { class: place === 1 ? "first-place" : "" },
            h("td", { text: place === 1 ? "★ 1" : String(place) }),
            h("th", { scope: "row", text: name }),
            result.scores ? h("td", { text: String(score ?? "") }) : null)))),
        seriesOver ? h("p", { class: "series-winner", text: seriesHeadline(series, ctx.member) }) : null,
        this.nextGame(ctx, seriesOver),
        ctx.mode === "tv" ? null : h("p", {}, h("a", { href: "#/", text: "Back to the home screen" }))),
      h("section", { class: "panel", "aria-labelledby": "history-title" },
        h("h2", { id: "history-title", text: "The rounds" }), history));
    // The tournament's winner is announced by the series panel.
    announce(`Game over. ${headline}`, { urgent: true });
    this.loadHistory(ended, history, result.game_number);
  }

  /** What comes next: the host's rematch (or, after a tournament, a new one or single games). */
  nextGame(ctx, seriesOver) {
    const start = (settings) => () => {
      const set = settings ? this.tableAct({ type: "settings", ...settings }) : Promise.resolve();
      set.then(() => this.tableAct({ type: "start" })).catch(() => null);
    };
    if (!ctx.isHost) return h("p", { text: seriesOver ? "The tournament is over. Waiting for the host…" : "Waiting for the host to start a rematch…" });
    if (!seriesOver) return h("button", { type: "button", class: "primary", text: "Rematch: play again", onclick: start(null) });
    return h("div", { class: "dialog-buttons" },
      h("button", { type: "button", class: "primary", text: "New tournament, same length", onclick: start({ series: seriesSetting(ctx.table.series) }) }),
      h("button", { type: "button", class: "secondary", text: "Rematch without a tournament", onclick: start({ series: null }) }));
  }

  loadHistory(ctx, history, gameNumber) {
    api.history(ctx.code, ctx.token).then(
      (data) => replace(history, this.renderer.history(data, gameNumber, ctx)),
      () => replace(history, h("p", { class: "muted", text: "The rounds could not be loaded." })),
    );
  }
}
