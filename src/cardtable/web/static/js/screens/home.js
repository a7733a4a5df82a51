// screens/home.js: the first screen. Your name (remembered), joining by code or by a shared
// link, the list of public tables, the leaderboard, and creating a table with every option of
// the chosen game (unlisted unless the host lists it) and a link to its how-to-play page. Someone arriving by link at a game
// under way is told first whether they can play (from the next round) or only watch.

import { api } from "../api.js";
import { h, replace, syncList } from "../dom.js";
import { errorText } from "../error-text.js";
import { howToLink } from "../howto.js";
import { LanguagePicker } from "../language-picker.js";
import { t } from "../i18n.js";
import { OptionsForm } from "../options-form.js";
import { LeaderboardPanel } from "../panels/leaderboard.js";
import { clientKey, rememberName, rememberedName, saveSeat } from "../storage.js";

const REFRESH_TABLES = 15000;

export function homeScreen(root, { joinCode = "" }) {
  let games = [];
  let form = null;
  const nameInput = h("input", {
    id: "player-name", name: "name", autocomplete: "nickname", maxlength: 32, required: true,
    value: rememberedName(), "aria-describedby": "name-help",
  });
  nameInput.addEventListener("change", () => rememberName(nameInput.value));

  function playerName() {
    const name = nameInput.value.trim();
    if (!name) {
      nameInput.focus();
      throw new Error(t("home.name.missing"));
    }
    rememberName(name);
    return name;
  }

  async function joinTable(code, { spectate = false, password = "" } = {}, status) {
    try {
      status.textContent = "";
      const joined = await api.join(code, {
        name: playerName(), spectate, client: clientKey(), ...(password ? { password } : {}),
      });
      saveSeat(joined.code, joined);
      location.hash = `#/t/${joined.code}`;
    } catch (error) {
      if (error.code === "not-found") {
        // The server answers a wrong password as it answers an unknown code.
        codeInput.value = code;
        joinStatus.textContent = errorText(error, { context: "join" });
        joinPassword.focus();
      } else {
        status.textContent = error.code ? errorText(error, { context: "join" }) : error.message;
      }
    }
  }

  // -- join ---------------------------------------------------------------------------------
  const codeInput = h("input", {
    id: "join-code", name: "code", value: joinCode, maxlength: 6, autocomplete: "off",
    autocapitalize: "characters", spellcheck: "false", class: "code-input", "aria-describedby": "code-help",
  });
  const joinSpectate = h("input", { type: "checkbox", id: "join-spectate", name: "spectate" });
  const joinPassword = h("input", { type: "password", id: "join-password", name: "password", autocomplete: "off" });
  const joinStatus = h("p", { class: "form-error", role: "alert" });
  const invite = h("p", { class: "invite", hidden: !joinCode });
  // Before the name field: whether a game under way at the linked table can take you.
  const arrival = h("p", { class: "arrival-note", id: "arrival-note", role: "status", hidden: true });
  const joinButton = h("button", { type: "submit", class: "primary", text: t("home.join.submit") });
  let watchOnly = false;
  const spectateField = h("div", { class: "field field-check" }, h("label", { class: "check", for: "join-spectate" }, joinSpectate, t("home.join.spectate")));
  /** A running game that takes nobody new: the form's action is to watch. */
  function setWatchOnly(flag) {
    watchOnly = flag;
    joinButton.textContent = flag ? t("home.join.watch") : t("home.join.submit");
    spectateField.hidden = flag;
  }
  const joinForm = h("form", { class: "panel", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title", text: joinCode ? t("home.join.invited") : t("home.join.title") }),
    invite,
    h("div", { class: "field" }, h("label", { for: "join-code", text: t("home.join.code") }), codeInput,
      h("p", { class: "help", id: "code-help", text: t("home.join.codeHelp") })),
    spectateField,
    h("div", { class: "field" }, h("label", { for: "join-password", text: t("home.join.password") }), joinPassword),
    joinStatus,
    joinButton);
  codeInput.addEventListener("input", () => {
    if (joinCode) setWatchOnly(watchOnly && codeInput.value.trim().toUpperCase() === joinCode);
  });
  joinForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = codeInput.value.trim().toUpperCase();
    if (code.length !== 6) {
      joinStatus.textContent = t("home.join.codeLength");
      codeInput.focus();
      return;
    }
    joinTable(code, { spectate: watchOnly || joinSpectate.checked, password: joinPassword.value }, joinStatus);
  });
  if (joinCode) {
    api.table(joinCode).then(
      (table) => {
        const invited = { host: table.host_name, table: table.name, count: table.players, seats: table.max_players };
        invite.textContent = t(table.status === "lobby" ? "home.invite.lobby" : "home.invite.playing", invited);
        if (table.status === "playing" && table.late_join !== undefined) {
          arrival.textContent = t(table.late_join ? "home.arrival.late" : "home.arrival.watch");
          arrival.dataset.kind = table.late_join ? "late" : "watch";
          arrival.hidden = false;
          setWatchOnly(!table.late_join);
        }
      },
      (error) => {
        // A private table shows nothing before you join: the code may still be right.
        invite.textContent = error.code === "not-found" ? t("home.invite.private", { code: joinCode }) : error.message;
      },
    );
  }

  // -- public tables ------------------------------------------------------------------------
  const tableList = h("ul", { class: "table-list", "aria-labelledby": "tables-title" });
  const tablesEmpty = h("p", { class: "muted", text: t("common.loading") });
  const tablesStatus = h("p", { class: "form-error", role: "alert" });
  async function refreshTables() {
    try {
      const tables = await api.publicTables();
      tablesEmpty.textContent = tables.length ? "" : t("home.tables.none");
      tablesEmpty.hidden = tables.length > 0;
      syncList(tableList, tables, (t) => t.code, (t) => publicTableItem(t), updatePublicTable);
    } catch (error) {
      tablesEmpty.textContent = error.message;
    }
  }
  function publicTableItem(table) {
    return h("li", { class: "table-item" },
      h("div", { class: "table-item-text" }, h("strong", { class: "table-name" }), h("span", { class: "muted table-meta" })),
      h("div", { class: "table-item-actions" },
        h("button", { type: "button", class: "secondary", onclick: () => joinTable(table.code, {}, tablesStatus) }, t("home.tables.join"), h("span", { class: "visually-hidden", text: ` ${table.name}` })),
        h("button", { type: "button", class: "quiet-button", onclick: () => joinTable(table.code, { spectate: true }, tablesStatus) }, t("home.tables.watch"), h("span", { class: "visually-hidden", text: ` ${table.name}` }))));
  }
  function updatePublicTable(item, table) {
    const game = games.find((g) => g.id === table.game);
    item.querySelector(".table-name").textContent = table.name;
    const meta = { game: game ? game.title : table.game, host: table.host_name, count: table.players, seats: table.max_players };
    item.querySelector(".table-meta").textContent = t(table.locked ? "home.tables.metaLocked" : "home.tables.meta", meta);
  }
  const tablesPanel = h("section", { class: "panel", "aria-labelledby": "tables-title" },
    h("div", { class: "panel-head" }, h("h2", { id: "tables-title", text: t("home.tables.title") }),
      h("button", { type: "button", class: "quiet-button", onclick: refreshTables, text: t("home.tables.refresh") })),
    tablesEmpty, tableList, tablesStatus);

  const leaderboard = new LeaderboardPanel();

  // -- create -------------------------------------------------------------------------------
  const gameSelect = h("select", { id: "create-game", name: "game" });
  const formSlot = h("div");
  const tableName = h("input", { id: "create-table-name", name: "table_name", maxlength: 48, placeholder: t("home.create.tableNamePlaceholder") });
  const createPublic = h("input", { type: "checkbox", id: "create-public", name: "public", "aria-describedby": "create-public-help" });
  const createPassword = h("input", { type: "password", id: "create-password", name: "password", autocomplete: "new-password" });
  const createStatus = h("p", { class: "form-error", role: "alert" });
  const gameSummary = h("p", { class: "help", id: "game-summary" });
  const gameHowTo = h("p", { class: "help game-howto" });
  const createForm = h("form", { class: "panel create-panel", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title", text: t("home.create.title") }),
    h("div", { class: "field" }, h("label", { for: "create-game", text: t("home.create.game") }), gameSelect, gameSummary, gameHowTo),
    formSlot,
    h("details", { class: "option-group" }, h("summary", {}, h("span", { class: "group-name", text: t("home.create.tableGroup") }),
      h("span", { class: "group-count", text: t("home.create.tableGroupCount") })),
      h("div", { class: "option-fields" },
        h("div", { class: "field" }, h("label", { for: "create-table-name", text: t("home.create.tableName") }), tableName),
        h("div", { class: "field field-check" }, h("label", { class: "check", for: "create-public" }, createPublic, t("home.create.public")),
          h("p", { class: "help", id: "create-public-help", text: t("home.create.publicHelp") })),
        h("div", { class: "field" }, h("label", { for: "create-password", text: t("home.create.password") }), createPassword))),
    createStatus,
    h("button", { type: "submit", class: "primary", text: t("home.create.submit") }));
  gameSelect.setAttribute("aria-describedby", "game-summary");
  function showGame() {
    const game = games.find((g) => g.id === gameSelect.value);
    gameSummary.textContent = game.summary;
    replace(gameHowTo, howToLink(game));
    form = new OptionsForm(game);
    replace(formSlot, form.element);
  }
  gameSelect.addEventListener("change", showGame);
  createForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      createStatus.textContent = "";
      const name = playerName();
      const joined = await api.create({
        game: gameSelect.value, options: form.value(), name, client: clientKey(),
        public: createPublic.checked,
        // Unnamed, the table is named in the host's language.
        table_name: tableName.value.trim() || t("home.create.tableNameDefault", { name }),
        ...(createPassword.value ? { password: createPassword.value } : {}),
      });
      saveSeat(joined.code, joined);
      location.hash = `#/t/${joined.code}`;
    } catch (error) {
      createStatus.textContent = error.code ? errorText(error, { context: "create" }) : error.message;
    }
  });

  api.games().then(
    (list) => {
      games = list;
      replace(gameSelect, list.map((game) => h("option", { value: game.id, text: game.title })));
      showGame();
      refreshTables();
      leaderboard.setGames(list);
    },
    (error) => {
      createStatus.textContent = error.message;
    },
  );
  const timer = setInterval(refreshTables, REFRESH_TABLES);

  const heading = h("h1", { tabindex: -1, text: t("home.title") });
  replace(root,
    h("div", { class: "home" },
      h("div", { class: "home-intro" }, heading,
        h("p", { class: "lede", text: t("home.lede") }),
        arrival,
        h("div", { class: "field name-field" }, h("label", { for: "player-name", text: t("home.name.label") }), nameInput,
          h("p", { class: "help", id: "name-help", text: t("home.name.help") })),
        new LanguagePicker({ id: "home-language" }).element),
      h("div", { class: "home-columns" },
        h("div", { class: "home-column home-main" }, joinForm, tablesPanel),
        h("div", { class: "home-column home-create" }, createForm),
        leaderboard.element)));
  if (joinCode) (nameInput.value ? joinButton : nameInput).focus();
  else heading.focus();

  return {
    destroy() {
      clearInterval(timer);
    },
  };
}
