// panels/series.js: a tournament at the table (`table.series`): how far the series is (games
// played of N, or the minutes left), the running standings (wins, then points), and the series
// winners (a shared first place shares the win), announced once when the series is over (never
// on a reload).

import { announce } from "../announce.js";
import { h, replace, setText } from "../dom.js";

function progress(series, now) {
  if (series.games) return series.over ? `All ${series.games} games played` : `Game ${series.played + 1} of ${series.games}`;
  if (!series.ends_at) return `${series.minutes} minutes, from the first game`;
  const left = Math.max(0, Math.ceil((series.ends_at - now) / 60));
  return `${series.played} played · ${series.over ? "time is up" : `about ${left} minute${left === 1 ? "" : "s"} left`}`;
}

export class SeriesPanel {
  constructor() {
    this.progress = h("p", { class: "muted series-progress" });
    this.winner = h("p", { class: "series-winner", hidden: true });
    this.body = h("tbody");
    this.empty = h("p", { class: "muted", text: "The standings start with the first game." });
    this.table = h("table", { class: "standings series-standings" },
      h("caption", { class: "visually-hidden", text: "Series standings" }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "#" }), h("th", { scope: "col", text: "Player" }),
        h("th", { scope: "col", text: "Wins" }), h("th", { scope: "col", text: "Points" }))),
      this.body);
    this.element = h("section", { class: "panel series-panel", "aria-labelledby": "series-title", hidden: true },
      h("h2", { id: "series-title", text: "Tournament" }), this.progress, this.winner, this.empty, this.table);
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
        h("td", { text: winners.has(row.member) ? `★ ${places[index]}` : String(places[index]) }),
        h("th", { scope: "row", text: row.name + (row.member === ctx.member ? " (you)" : "") + (row.left ? " (left)" : "") }),
        h("td", { text: String(row.wins) }), h("td", { text: String(row.points) }))));
    }
    const text = series.over ? seriesHeadline(series, ctx.member) : "";
    setText(this.winner, text);
    this.winner.hidden = !series.over;
    const announceKey = series.over ? `${series.started_at}:${series.winners.join(",")}` : null;
    if (series.over && announceKey !== this.announced && !welcome) announce(text, { urgent: true });
    this.announced = announceKey;
  }
}

/** "Ann wins the tournament!", "You and Bob share the tournament win!" */
export function seriesHeadline(series, me) {
  const names = series.standings.filter((row) => series.winners.includes(row.member))
    .map((row) => (row.member === me ? "You" : row.name));
  if (!names.length) return "The tournament is over.";
  if (names.length === 1) return `${names[0]} ${names[0] === "You" ? "win" : "wins"} the tournament!`;
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} share the tournament win!`;
}

/** Places in ranked standings: equal wins and points share a place (1, 1, 3). */
function sharedPlaces(rows) {
  return rows.map((row, index) => {
    let first = index;
    while (first > 0 && rows[first - 1].wins === row.wins && rows[first - 1].points === row.points) first -= 1;
    return first + 1;
  });
}
