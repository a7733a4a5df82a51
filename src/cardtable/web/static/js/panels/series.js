// panels/series.js: a tournament at the table (`table.series`): how far the series is (games
// played of N, or the minutes left), the running standings (wins, then points), and the series
// winners (a shared first place shares the win), announced once when the series is over (never
// on a reload).

import { announce } from "../announce.js";
import { h, replace, setText } from "../dom.js";
import { formatList, formatNumber, t } from "../i18n.js";

function progress(series, now) {
  if (series.games) {
    return series.over ? t("series.allPlayed", { count: series.games }) : t("series.gameOf", { number: series.played + 1, count: series.games });
  }
  if (!series.ends_at) return t("series.minutes", { count: series.minutes });
  const left = Math.max(0, Math.ceil((series.ends_at - now) / 60));
  return t("series.timed", { played: t("series.played", { count: series.played }),
    left: series.over ? t("series.timeUp") : t("series.left", { count: left }) });
}

export class SeriesPanel {
  constructor() {
    this.progress = h("p", { class: "muted series-progress" });
    this.winner = h("p", { class: "series-winner", hidden: true });
    this.body = h("tbody");
    this.empty = h("p", { class: "muted", text: t("series.empty") });
    this.table = h("table", { class: "standings series-standings" },
      h("caption", { class: "visually-hidden", text: t("series.standings") }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "#" }), h("th", { scope: "col", text: t("common.player") }),
        h("th", { scope: "col", text: t("common.wins") }), h("th", { scope: "col", text: t("common.points") }))),
      this.body);
    this.element = h("section", { class: "panel series-panel", "aria-labelledby": "series-title", hidden: true },
      h("h2", { id: "series-title", text: t("series.title") }), this.progress, this.winner, this.empty, this.table);
    this.announced = null;
  }

  update(ctx, welcome) {
    const series = ctx.table.series;
    this.element.hidden = !series;
    if (!series) {
      this.announced = null;
      return;
    }
    setText(this.progress, progress(series, Date.now() / 1000));
    this.empty.hidden = series.standings.length > 0;
    this.table.hidden = !series.standings.length;
    const winners = new Set(series.winners);
    const key = JSON.stringify([series.standings, series.winners]);
    if (key !== this.shown) {
      this.shown = key;
      const places = sharedPlaces(series.standings);
      replace(this.body, series.standings.map((row, index) => h("tr", { class: winners.has(row.member) ? "first-place" : "" },
        h("td", { text: winners.has(row.member) ? `★ ${formatNumber(places[index])}` : formatNumber(places[index]) }),
        h("th", { scope: "row", text: standingName(row, ctx.member) }),
        h("td", { text: formatNumber(row.wins) }), h("td", { text: formatNumber(row.points) }))));
    }
    const text = series.over ? seriesHeadline(series, ctx.member) : "";
    setText(this.winner, text);
    this.winner.hidden = !series.over;
    const announceKey = series.over ? `${series.started_at}:${series.winners.join(",")}` : null;
    if (series.over && announceKey !== this.announced && !welcome) announce(text, { urgent: true });
    this.announced = announceKey;
  }
}

/** A row's name, marked when it is yours or when its player left. */
function standingName(row, me) {
  const name = row.member === me ? t("common.you", { name: row.name }) : row.name;
  return row.left ? t("series.leftName", { name }) : name;
}

/** "Ann wins the tournament!", "You win the tournament!", "You and Bob share the tournament win!" */
export function seriesHeadline(series, me) {
  const rows = series.standings.filter((row) => series.winners.includes(row.member));
  if (!rows.length) return t("series.over");
  const mine = rows.some((row) => row.member === me);
  if (rows.length === 1) return mine ? t("series.youWin") : t("series.wins", { name: rows[0].name });
  const others = rows.filter((row) => row.member !== me).map((row) => row.name);
  return mine ? t("series.youShare", { names: formatList(others), count: others.length })
    : t("series.share", { names: formatList(others) });
}

/** Places in ranked standings: equal wins and points share a place (1, 1, 3). */
function sharedPlaces(rows) {
  return rows.map((row, index) => {
    let first = index;
    while (first > 0 && rows[first - 1].wins === row.wins && rows[first - 1].points === row.points) first -= 1;
    return first + 1;
  });
}
