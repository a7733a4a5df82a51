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
import { formatList, formatNumber, has, t } from "../i18n.js";
import { humanize } from "../options-form.js";
import { seriesHeadline } from "../panels/series.js";
import { seriesSetting } from "../table-settings.js";

/** Table reasons for a game that ended without being played out, nor won by a claim. */
const UNPLAYED = new Set(["abandoned", "rules-changed"]);

/** Why a game ended when the table ended it (not the game's own rules), in words. */
function tableReason(reason) {
  return has(`end.reason.${reason}`) ? t(`end.reason.${reason}`) : null;
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
    const winners = formatList(result.winners.map(named));
    const headline = UNPLAYED.has(result.reason) ? t("end.abandoned")
      : this.renderer.headline(result, ended)
        || (result.draw ? t("end.draw")
          : result.winners.length ? t("end.wins", { names: winners, count: result.winners.length })
          : t("end.noWinner"));
    const order = !result.places ? [] : [
      ...result.places.map((place, seat) => ({ place, name: seat === ctx.seat ? t("common.you", { name: named(seat) }) : named(seat), score: result.scores ? result.scores[seat] : null })),
      ...(this.renderer.otherStandings ? this.renderer.otherStandings(result) : []),
    ].sort((a, b) => a.place - b.place);
    const why = tableReason(result.reason) || this.renderer.endReason(result.reason) || humanize(result.reason);
    const history = h("div", { class: "history" }, h("p", { class: "muted", text: t("end.loadingRounds") }));
    replace(this.element,
      // Not a region of its own: the stage around it is already named by this headline.
      h("div", { class: "panel end-head" },
        h("h2", { id: "stage-title", class: "winner-title", text: headline }),
        h("p", { class: "muted", text: t("end.over", { number: result.game_number, why }) }),
        !order.length ? null : h("table", { class: "standings" },
          h("caption", { class: "visually-hidden", text: t("end.standings") }),
          h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("end.place") }), h("th", { scope: "col", text: t("common.player") }),
            result.scores ? h("th", { scope: "col", text: t("common.points") }) : null)),
          h("tbody", {}, order.map(({ place, name, score }) => h("tr", { class: place === 1 ? "first-place" : "" },
            h("td", { text: place === 1 ? `★ ${formatNumber(1)}` : formatNumber(place) }),
            h("th", { scope: "row", text: name }),
            result.scores ? h("td", { text: score === null || score === undefined ? "" : formatNumber(score) }) : null)))),
        seriesOver ? h("p", { class: "series-winner", text: seriesHeadline(series, ctx.member) }) : null,
        this.nextGame(ctx, seriesOver),
        ctx.mode === "tv" ? null : h("p", {}, h("a", { href: "#/", text: t("common.backHome") }))),
      h("section", { class: "panel", "aria-labelledby": "history-title" },
        h("h2", { id: "history-title", text: t("end.rounds") }), history));
    // The tournament's winner is announced by the series panel.
    announce(t("end.announce", { headline }), { urgent: true });
    this.loadHistory(ended, history, result.game_number);
  }

  /** What comes next: the host's rematch (or, after a tournament, a new one or single games). */
  nextGame(ctx, seriesOver) {
    const start = (settings) => () => {
      const set = settings ? this.tableAct({ type: "settings", ...settings }) : Promise.resolve();
      set.then(() => this.tableAct({ type: "start" })).catch(() => null);
    };
    if (!ctx.isHost) return h("p", { text: seriesOver ? t("end.waitSeries") : t("end.waitRematch") });
    if (!seriesOver) return h("button", { type: "button", class: "primary", text: t("end.rematch"), onclick: start(null) });
    return h("div", { class: "dialog-buttons" },
      h("button", { type: "button", class: "primary", text: t("end.newSeries"), onclick: start({ series: seriesSetting(ctx.table.series) }) }),
      h("button", { type: "button", class: "secondary", text: t("end.rematchSingle"), onclick: start({ series: null }) }));
  }

  loadHistory(ctx, history, gameNumber) {
    api.history(ctx.code, ctx.token).then(
      (data) => replace(history, this.renderer.history(data, gameNumber, ctx)),
      () => replace(history, h("p", { class: "muted", text: t("end.roundsFailed") })),
    );
  }
}
