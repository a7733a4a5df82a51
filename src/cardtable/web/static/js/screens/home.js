// screens/home.js: the first screen. Your name (remembered), joining by code or by a shared
// link, the list of public tables, the leaderboard, and creating a table with every option of
// the chosen game (unlisted unless the host lists it) and a link to its how-to-play page. Someone arriving by link at a game
// under way is told first whether they can play (from the next round) or only watch.

import { api } from "../api.js";
import { h, replace, syncList } from "../dom.js";
import { howToLink } from "../howto.js";
import { OptionsForm } from "../options-form.js";
import { LeaderboardPanel } from "../panels/leaderboard.js";
import { clientKey, rememberName, rememberedName, saveSeat } from "../storage.js";

const REFRESH_TABLES = 15000;

// What a refusal for going too fast (429) means where it happens, and what to do.
const TOO_FAST = {
  create: "Too many tables were created from your network in the last few minutes. Wait a minute, then create yours.",
  join: "Too many attempts to join came from your network just now. Wait a moment, then try again.",
};

/** `action`: "create" or "join", for a refusal that says what to do there. */
function errorText(error, action = null) {
  if (action && error && error.status === 429) return TOO_FAST[action];
  return error && error.message ? error.message : "Something went wrong. Try again.";
}

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
      throw new Error("Type your name first: it is how the table will know you.");
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
        joinStatus.textContent = "There is no table with that code, or its password is wrong. Check both.";
        joinPassword.focus();
      } else {
        status.textContent = errorText(error, "join");
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
  const joinButton = h("button", { type: "submit", class: "primary", text: "Join table" });
  let watchOnly = false;
  const spectateField = h("div", { class: "field field-check" }, h("label", { class: "check", for: "join-spectate" }, joinSpectate, "Just watch (spectator)"));
  /** A running game that takes nobody new: the form's action is to watch. */
  function setWatchOnly(flag) {
    watchOnly = flag;
    joinButton.textContent = flag ? "Watch" : "Join table";
    spectateField.hidden = flag;
  }
  const joinForm = h("form", { class: "panel", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title", text: joinCode ? "You're invited" : "Join a game" }),
    invite,
    h("div", { class: "field" }, h("label", { for: "join-code", text: "Table code" }), codeInput,
      h("p", { class: "help", id: "code-help", text: "Six letters and digits, from the host or the shared link." })),
    spectateField,
    h("div", { class: "field" }, h("label", { for: "join-password", text: "Password (only if the table has one)" }), joinPassword),
    joinStatus,
    joinButton);
  codeInput.addEventListener("input", () => {
    if (joinCode) setWatchOnly(watchOnly && codeInput.value.trim().toUpperCase() === joinCode);
  });
  joinForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = codeInput.value.trim().toUpperCase();
    if (code.length !== 6) {
      joinStatus.textContent = "A table code has six characters.";
      codeInput.focus();
      return;
    }
    joinTable(code, { spectate: watchOnly || joinSpectate.checked, password: joinPassword.value }, joinStatus);
  });
  if (joinCode) {
    api.table(joinCode).then(
      (table) => {
        invite.textContent = `${table.host_name} invites you to “${table.name}”: ${table.players} of ${table.max_players} seats taken${table.status === "lobby" ? "" : ", game in progress"}.`;
        if (table.status === "playing" && table.late_join !== undefined) {
          arrival.textContent = table.late_join
            ? "The game is under way: you will play from the next round."
            : "This game is under way and cannot take new players; you can watch.";
          arrival.dataset.kind = table.late_join ? "late" : "watch";
          arrival.hidden = false;
          setWatchOnly(!table.late_join);
        }
      },
      (error) => {
        // A private table shows nothing before you join: the code may still be right.
        invite.textContent = error.code === "not-found" ? `Table ${joinCode} is private, or there is no such table. Type your name to join it.` : errorText(error);
      },
    );
  }

  // -- public tables ------------------------------------------------------------------------
  const tableList = h("ul", { class: "table-list", "aria-labelledby": "tables-title" });
  const tablesEmpty = h("p", { class: "muted", text: "Loading…" });
  const tablesStatus = h("p", { class: "form-error", role: "alert" });
  async function refreshTables() {
    try {
      const tables = await api.publicTables();
      tablesEmpty.textContent = tables.length ? "" : "No public table is waiting for players right now. Create one!";
      tablesEmpty.hidden = tables.length > 0;
      syncList(tableList, tables, (t) => t.code, (t) => publicTableItem(t), updatePublicTable);
    } catch (error) {
      tablesEmpty.textContent = errorText(error);
    }
  }
  function publicTableItem(table) {
    return h("li", { class: "table-item" },
      h("div", { class: "table-item-text" }, h("strong", { class: "table-name" }), h("span", { class: "muted table-meta" })),
      h("div", { class: "table-item-actions" },
        h("button", { type: "button", class: "secondary", onclick: () => joinTable(table.code, {}, tablesStatus) }, "Join", h("span", { class: "visually-hidden", text: ` ${table.name}` })),
        h("button", { type: "button", class: "quiet-button", onclick: () => joinTable(table.code, { spectate: true }, tablesStatus) }, "Watch", h("span", { class: "visually-hidden", text: ` ${table.name}` }))));
  }
  function updatePublicTable(item, table) {
    const game = games.find((g) => g.id === table.game);
    item.querySelector(".table-name").textContent = table.name;
    item.querySelector(".table-meta").textContent =
      `${game ? game.title : table.game} · host ${table.host_name} · ${table.players}/${table.max_players} players${table.locked ? " · password" : ""}`;
  }
  const tablesPanel = h("section", { class: "panel", "aria-labelledby": "tables-title" },
    h("div", { class: "panel-head" }, h("h2", { id: "tables-title", text: "Public tables" }),
      h("button", { type: "button", class: "quiet-button", onclick: refreshTables, text: "Refresh" })),
    tablesEmpty, tableList, tablesStatus);

  const leaderboard = new LeaderboardPanel();

  // -- create -------------------------------------------------------------------------------
  const gameSelect = h("select", { id: "create-game", name: "game" });
  const formSlot = h("div");
  const tableName = h("input", { id: "create-table-name", name: "table_name", maxlength: 48, placeholder: "Your name's table" });
  const createPublic = h("input", { type: "checkbox", id: "create-public", name: "public", "aria-describedby": "create-public-help" });
  const createPassword = h("input", { type: "password", id: "create-password", name: "password", autocomplete: "new-password" });
  const createStatus = h("p", { class: "form-error", role: "alert" });
  const gameSummary = h("p", { class: "help", id: "game-summary" });
  const gameHowTo = h("p", { class: "help game-howto" });
  const createForm = h("form", { class: "panel create-panel", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title", text: "Create a game" }),
    h("div", { class: "field" }, h("label", { for: "create-game", text: "Game" }), gameSelect, gameSummary, gameHowTo),
    formSlot,
    h("details", { class: "option-group" }, h("summary", {}, h("span", { class: "group-name", text: "Table" }),
      h("span", { class: "group-count", text: "name, privacy" })),
      h("div", { class: "option-fields" },
        h("div", { class: "field" }, h("label", { for: "create-table-name", text: "Table name" }), tableName),
        h("div", { class: "field field-check" }, h("label", { class: "check", for: "create-public" }, createPublic, "List this table under public games"),
          h("p", { class: "help", id: "create-public-help", text: "Off: only people with the code or link can join." })),
        h("div", { class: "field" }, h("label", { for: "create-password", text: "Password (optional)" }), createPassword))),
    createStatus,
    h("button", { type: "submit", class: "primary", text: "Create table" }));
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
      const joined = await api.create({
        game: gameSelect.value, options: form.value(), name: playerName(), client: clientKey(),
        public: createPublic.checked,
        ...(tableName.value.trim() ? { table_name: tableName.value.trim() } : {}),
        ...(createPassword.value ? { password: createPassword.value } : {}),
      });
      saveSeat(joined.code, joined);
      location.hash = `#/t/${joined.code}`;
    } catch (error) {
      createStatus.textContent = errorText(error, "create");
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
      createStatus.textContent = errorText(error);
    },
  );
  const timer = setInterval(refreshTables, REFRESH_TABLES);

  const heading = h("h1", { tabindex: -1, text: "Play cards with friends" });
  replace(root,
    h("div", { class: "home" },
      h("div", { class: "home-intro" }, heading,
        h("p", { class: "lede", text: "Create a table, share its code or link, and play from any phone or laptop. No account needed." }),
        arrival,
        h("div", { class: "field name-field" }, h("label", { for: "player-name", text: "Your name" }), nameInput,
          h("p", { class: "help", id: "name-help", text: "Shown to the other players. Remembered on this device." }))),
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
