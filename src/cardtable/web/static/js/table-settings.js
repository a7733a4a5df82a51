// table-settings.js: the host's settings of the table itself (not of the game), between games:
// whether players may write cards, a tournament (a number of games or a time limit), and the
// number settings the server describes (GET /api/table-settings: name, bounds, label, help),
// one field each, so a setting added on the server appears here with no change to this file.
// `changes(table)` gives the fields of the `settings` table action that differ from the table
// document; `describeTable(table, numbers)` says them, and who may chat, in words for everyone
// else. (Who may chat changes at any time: the host's control is in the chat panel.)

import { api } from "./api.js";
import { h, uid } from "./dom.js";
import { has, t } from "./i18n.js";

/** Who may chat, each in words as `chatMode.<mode>`. */
export const CHAT_MODES = ["on", "players", "off"];

function describeSeries(series) {
  if (!series) return t("tableSettings.single");
  if (series.games) return t("tableSettings.seriesGames", { count: series.games });
  return t("tableSettings.seriesMinutes", { count: series.minutes });
}

/** A number setting's label or help (`part`) in the page's language: `settings.<name>.<part>`,
 *  or the server's English for a setting the catalogue does not know yet. */
function settingText(setting, part) {
  const key = `settings.${setting.name}.${part}`;
  return has(key) ? t(key) : setting[part];
}

const SERIES_BOUNDS = { games: [2, 20, 3], minutes: [5, 600, 30] };

let descriptors = null;

/** The number settings the server describes, fetched once per page. */
export function loadTableSettings() {
  if (!descriptors) {
    descriptors = api.tableSettings().catch((error) => {
      descriptors = null;
      throw error;
    });
  }
  return descriptors;
}

export class TableSettings {
  /** `playerCards`: the game has custom cards that players could write; `numbers`: the
   *  number settings of GET /api/table-settings. */
  constructor(table, { playerCards, numbers }) {
    this.offersCards = playerCards;
    const cardsId = uid("player-cards");
    const seriesId = uid("series-kind");
    const lengthId = uid("series-length");
    this.playerCards = h("input", { type: "checkbox", id: cardsId, name: "player_cards", "aria-describedby": `${cardsId}-help` });
    this.seriesKind = h("select", { id: seriesId, name: "series", "aria-describedby": `${seriesId}-help` },
      h("option", { value: "", text: t("tableSettings.seriesNone") }),
      h("option", { value: "games", text: t("tableSettings.seriesByGames") }),
      h("option", { value: "minutes", text: t("tableSettings.seriesByMinutes") }));
    this.seriesLength = h("input", { type: "number", id: lengthId, name: "series_length", step: 1, inputmode: "numeric" });
    this.lengthLabel = h("label", { for: lengthId });
    this.lengthField = h("div", { class: "field" }, this.lengthLabel, this.seriesLength);
    this.seriesKind.addEventListener("change", () => this.showLength());
    this.numbers = new Map();
    const numberFields = numbers.map((setting) => {
      const id = uid(setting.name);
      const input = h("input", { type: "number", id, name: setting.name, min: setting.min, max: setting.max, step: 1,
        inputmode: "numeric", "aria-describedby": `${id}-help` });
      const field = h("div", { class: "field number-setting" }, h("label", { for: id, text: settingText(setting, "label") }), input,
        h("p", { class: "help", id: `${id}-help`, text: `${settingText(setting, "help")} ${t("tableSettings.range", { min: setting.min, max: setting.max })}` }));
      this.numbers.set(setting.name, { input, field });
      return field;
    });
    this.element = h("div", { class: "table-settings" },
      playerCards ? h("div", { class: "field field-check" },
        h("label", { class: "check", for: cardsId }, this.playerCards, t("tableSettings.playerCards")),
        h("p", { class: "help", id: `${cardsId}-help`, text: t("tableSettings.playerCardsHelp") })) : null,
      h("div", { class: "field" }, h("label", { for: seriesId, text: t("tableSettings.series") }), this.seriesKind,
        h("p", { class: "help", id: `${seriesId}-help`, text: t("tableSettings.seriesHelp") })),
      this.lengthField, numberFields);
    this.set(table);
  }

  showLength() {
    const kind = this.seriesKind.value;
    this.lengthField.hidden = !kind;
    if (!kind) return;
    const [min, max, usual] = SERIES_BOUNDS[kind];
    this.lengthLabel.textContent = t(kind === "minutes" ? "tableSettings.lengthMinutes" : "tableSettings.lengthGames", { min, max });
    this.seriesLength.min = min;
    this.seriesLength.max = max;
    if (!this.seriesLength.value) this.seriesLength.value = usual;
  }

  set(table) {
    this.playerCards.checked = Boolean(table.player_cards);
    const series = table.series;
    this.seriesKind.value = series ? (series.games ? "games" : "minutes") : "";
    this.seriesLength.value = series ? String(series.games || series.minutes) : "";
    this.showLength();
    for (const [name, { input, field }] of this.numbers) {
      // A server that does not know the setting yet has no such field: nothing to show.
      field.hidden = table[name] === undefined;
      input.value = table[name] === undefined || table[name] === null ? "" : String(table[name]);
    }
  }

  series() {
    const kind = this.seriesKind.value;
    if (!kind) return null;
    return { [kind]: Number(this.seriesLength.value) };
  }

  /** The settings fields that differ from `table`. */
  changes(table) {
    const out = {};
    if (this.offersCards && this.playerCards.checked !== Boolean(table.player_cards)) out.player_cards = this.playerCards.checked;
    const series = this.series();
    if (JSON.stringify(series) !== JSON.stringify(seriesSetting(table.series))) out.series = series;
    for (const [name, { input }] of this.numbers) {
      const value = Number(input.value);
      if (table[name] !== undefined && input.value !== "" && value !== table[name]) out[name] = value;
    }
    return out;
  }
}

/** The `series` setting a table's series was made from: {games} or {minutes}, or null. */
export function seriesSetting(series) {
  if (!series) return null;
  return series.games ? { games: series.games } : { minutes: series.minutes };
}

/** The table's own settings in words, for the players who are not the host; `numbers`: the
 *  number settings of GET /api/table-settings. */
export function describeTable(table, numbers) {
  return h("ul", { class: "table-facts" },
    h("li", { text: t("tableSettings.factChat", { mode: t(`chatMode.${table.chat_mode}`) }) }),
    table.player_cards ? h("li", { text: t("tableSettings.factCards") }) : null,
    h("li", { text: t("tableSettings.factSeries", { series: describeSeries(table.series) }) }),
    numbers.filter((setting) => table[setting.name] !== undefined)
      .map((setting) => h("li", { text: t("tableSettings.factNumber", { label: settingText(setting, "label"), value: table[setting.name] }) })));
}
