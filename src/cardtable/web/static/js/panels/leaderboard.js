// panels/leaderboard.js: the home screen's leaderboard (GET /api/leaderboard): the players
// with kept names, ranked by wins, for one game or all of them, over a day, a week or all time.

import { api } from "../api.js";
import { h, replace, setText } from "../dom.js";
import { formatNumber, t } from "../i18n.js";

/** The periods offered, each in words as `leaderboard.period.<period>` (and `.inline`, in a sentence). */
const PERIODS = ["day", "week", "all"];

export class LeaderboardPanel {
  constructor() {
    this.game = h("select", { id: "leaderboard-game", name: "game" });
    this.period = h("select", { id: "leaderboard-period", name: "period" },
      PERIODS.map((value) => h("option", { value, text: t(`leaderboard.period.${value}`), selected: value === "week" })));
    this.game.addEventListener("change", () => this.refresh());
    this.period.addEventListener("change", () => this.refresh());
    this.note = h("p", { class: "muted", role: "status" });
    this.body = h("tbody");
    this.table = h("table", { class: "standings leaderboard", hidden: true },
      h("caption", { class: "visually-hidden" }),
      h("thead", {}, h("tr", {}, ["#", t("common.player"), t("common.wins"), t("leaderboard.games"), t("common.points")]
        .map((text) => h("th", { scope: "col", text })))),
      this.body);
    this.element = h("section", { class: "panel leaderboard-panel", "aria-labelledby": "leaderboard-title" },
      h("h2", { id: "leaderboard-title", text: t("leaderboard.title") }),
      h("div", { class: "filter-row" },
        h("div", { class: "field" }, h("label", { for: "leaderboard-game", text: t("leaderboard.game") }), this.game),
        h("div", { class: "field" }, h("label", { for: "leaderboard-period", text: t("leaderboard.period") }), this.period)),
      this.note, this.table);
  }

  /** `games`: the list of GET /api/games. */
  setGames(games) {
    replace(this.game, h("option", { value: "", text: t("leaderboard.allGames") }),
      games.map((game) => h("option", { value: game.id, text: game.title })));
    this.titles = new Map([["", t("leaderboard.allGamesInline")], ...games.map((game) => [game.id, game.title])]);
    this.refresh();
  }

  async refresh() {
    const game = this.game.value;
    const period = this.period.value;
    const asked = `${game}:${period}`;
    this.asked = asked;
    setText(this.note, t("common.loading"));
    try {
      const rows = await api.leaderboard(game, period);
      if (this.asked !== asked) return;
      const label = t("leaderboard.label", { game: this.titles.get(game), period: t(`leaderboard.period.${period}.inline`) });
      setText(this.table.querySelector("caption"), t("leaderboard.caption", { label }));
      setText(this.note, t(rows.length ? "leaderboard.ranked" : "leaderboard.empty", { label }));
      this.table.hidden = !rows.length;
      replace(this.body, rows.map((row, index) => h("tr", {},
        h("td", { text: formatNumber(index + 1) }), h("th", { scope: "row", text: row.name }),
        h("td", { text: formatNumber(row.wins) }), h("td", { text: formatNumber(row.games) }), h("td", { text: formatNumber(row.points) }))));
    } catch (error) {
      if (this.asked === asked) setText(this.note, t("leaderboard.failed", { reason: error.message }));
    }
  }
}
