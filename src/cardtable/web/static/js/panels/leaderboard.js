// panels/leaderboard.js: the home screen's leaderboard (GET /api/leaderboard): the players
// with kept names, ranked by wins, for one game or all of them, over a day, a week or all time.

import { api } from "../api.js";
import { h, replace, setText } from "../dom.js";

const PERIODS = { day: "Today", week: "This week", all: "All time" };

export class LeaderboardPanel {
  constructor() {
    this.game = h("select", { id: "leaderboard-game", name: "game" });
    this.period = h("select", { id: "leaderboard-period", name: "period" },
      Object.entries(PERIODS).map(([value, text]) => h("option", { value, text, selected: value === "week" })));
    this.game.addEventListener("change", () => this.refresh());
    this.period.addEventListener("change", () => this.refresh());
    this.note = h("p", { class: "muted", role: "status" });
    this.body = h("tbody");
    this.table = h("table", { class: "standings leaderboard", hidden: true },
      h("caption", { class: "visually-hidden" }),
      h("thead", {}, h("tr", {}, ["#", "Player", "Wins", "Games", "Points"].map((text) => h("th", { scope: "col", text })))),
      this.body);
    this.element = h("section", { class: "panel leaderboard-panel", "aria-labelledby": "leaderboard-title" },
      h("h2", { id: "leaderboard-title", text: "Leaderboard" }),
      h("div", { class: "filter-row" },
        h("div", { class: "field" }, h("label", { for: "leaderboard-game", text: "Game" }), this.game),
        h("div", { class: "field" }, h("label", { for: "leaderboard-period", text: "Period" }), this.period)),
      this.note, this.table);
  }

  /** `games`: the list of GET /api/games. */
  setGames(games) {
    replace(this.game, h("option", { value: "", text: "All games" }),
      games.map((game) => h("option", { value: game.id, text: game.title })));
    this.titles = new Map([["", "all games"], ...games.map((game) => [game.id, game.title])]);
    this.refresh();
  }

  async refresh() {
    const game = this.game.value;
    const period = this.period.value;
    const asked = `${game}:${period}`;
    this.asked = asked;
    setText(this.note, "Loading…");
    try {
      const rows = await api.leaderboard(game, period);
      if (this.asked !== asked) return;
      const label = `${this.titles.get(game)}, ${PERIODS[period].toLowerCase()}`;
      setText(this.table.querySelector("caption"), `Leaderboard: ${label}`);
      setText(this.note, rows.length ? `Ranked by wins: ${label}.` : `No results yet for ${label}.`);
      this.table.hidden = !rows.length;
      replace(this.body, rows.map((row, index) => h("tr", {},
        h("td", { text: String(index + 1) }), h("th", { scope: "row", text: row.name }),
        h("td", { text: String(row.wins) }), h("td", { text: String(row.games) }), h("td", { text: String(row.points) }))));
    } catch (error) {
      if (this.asked === asked) setText(this.note, `The leaderboard could not be loaded: ${error.message}`);
    }
  }
}
