// screens/lobby.js: the table before a game: the share link with its QR code and the
// big-screen link, the host's settings (the game's, as on the home screen, and the table's:
// player-written cards, a tournament, and the number settings the server describes, such as
// how long to wait on people who left), bots, and start.
// The host's changes apply at once (settings-sync.js): what the form shows is what is played.
// Players who are not the host see the rules in words and the same form, read-only and live.
// Everyone sees the decks in play, and players may write cards when the host allows it.
// A player asked to share their seat (a team game), and the host, accept or decline here.

import { h, replace, setText, syncList, uid } from "../dom.js";
import { t } from "../i18n.js";
import { describeOptions, OptionsForm } from "../options-form.js";
import { packsInPlay } from "../panels/decks-in-play.js";
import { qrSvg } from "../qr.js";
import { SettingsSync } from "../settings-sync.js";
import { describeTable, loadTableSettings, TableSettings } from "../table-settings.js";

/** The bots the server offers (`bots` of /api/games) in words: `bot.<name>` in the catalogue. */
const BOTS = new Set(["random", "easy", "normal", "hard", "heuristic"]);

export function shareLink(code) {
  return `${location.origin}${location.pathname}#/join/${code}`;
}

/** The share link, a copy button and the QR code; used by the lobby and the big screen. */
export function sharePanel(code, { tv = false } = {}) {
  const link = shareLink(code);
  const copied = h("span", { class: "muted", role: "status" });
  const input = h("input", { id: "share-link", readonly: true, value: link, class: "share-input" });
  input.addEventListener("focus", () => input.select());
  return h("section", { class: "panel share-panel", "aria-labelledby": "share-title" },
    h("h2", { id: "share-title", text: tv ? t("share.tvTitle", { host: location.host, code }) : t("share.title") }),
    h("div", { class: "share-body" },
      qrSvg(link, t("share.qr", { code })),
      h("div", { class: "share-text" },
        h("p", {}, t("share.code"), " ", h("strong", { class: "big-code", text: code })),
        tv ? null : [
          h("label", { for: "share-link", text: t("share.link") }),
          h("div", { class: "share-row" }, input,
            h("button", {
              type: "button", class: "secondary", text: t("share.copy"),
              onclick: () => navigator.clipboard.writeText(link).then(
                () => { copied.textContent = t("share.copied"); },
                () => { input.select(); copied.textContent = t("share.copyByHand"); }),
            })),
          copied,
          h("p", {}, h("a", { href: `#/tv/${code}`, target: "_blank", rel: "noopener", text: t("share.tvLink") }),
            " ", t("share.tvAbout")),
        ])));
}

/** The names of the seats a game started now would have, by seat: each player without a
 *  partner to follow, in the table's order, with the partners who share their seat. */
export function lobbySeats(table) {
  const players = table.members.filter((m) => m.role === "player");
  return players.filter((m) => m.team === null || m.team === undefined)
    .map((m) => [m, ...players.filter((p) => p.team === m.id)].map((p) => p.name).join(" & "));
}

export class LobbyView {
  constructor({ tableAct }) {
    this.tableAct = tableAct;
    this.element = h("div", { class: "lobby" });
    this.built = false;
    this.sync = null;
    // The table's number settings, as the server describes them; the form waits for them.
    this.numbers = null;
    loadTableSettings().then((numbers) => {
      this.numbers = numbers;
      if (this.ctx) {
        this.built = false;
        this.update(this.ctx);
      }
    }, () => null);
  }

  build(ctx) {
    const { game } = ctx;
    this.hostBuilt = ctx.isHost;
    this.shownOptions = null;
    if (this.sync) this.sync.destroy();
    this.sync = null;
    this.form = null;
    this.waiting = h("p", { class: "lobby-status" });
    this.rules = h("div", { class: "lobby-rules" });
    this.deckList = h("ul", { class: "decks-in-play" });
    this.decksPanel = h("section", { class: "panel", "aria-labelledby": "decks-title", hidden: true },
      h("h2", { id: "decks-title", text: t("lobby.decks") }), this.deckList);
    this.writePanel = ctx.mode === "tv" ? null : writeCardPanel(this.tableAct);
    this.teamList = h("ul", { class: "team-requests" });
    this.teamPanel = ctx.mode === "tv" ? null : h("section", { class: "panel", "aria-labelledby": "team-title", hidden: true },
      h("h2", { id: "team-title", text: t("lobby.team.title") }), this.teamList);
    const parts = [
      h("div", { class: "panel lobby-head" },
        h("h2", { id: "stage-title", text: t("lobby.title", { game: game ? game.title : ctx.table.game }) }),
        this.waiting),
      this.teamPanel,
      sharePanel(ctx.code, { tv: ctx.mode === "tv" }),
      this.writePanel,
    ];
    if (ctx.mode === "tv" || !game) {
      replace(this.element, parts, this.decksPanel);
      return;
    }
    if (ctx.isHost) parts.push(this.hostPanel(ctx));
    else {
      parts.push(h("section", { class: "panel", "aria-labelledby": "rules-title" },
        h("h2", { id: "rules-title", text: t("lobby.rules") }), this.rules));
      parts.push(h("section", { class: "panel settings-panel", "aria-labelledby": "settings-title" },
        h("h2", { id: "settings-title", text: t("lobby.settings") }),
        h("p", { class: "help", text: t("lobby.settingsHelp") }),
        this.settingsFields(ctx, false)));
    }
    replace(this.element, parts, this.decksPanel);
  }

  /** The game's and the table's settings: the host's apply at once, everyone else's are read-only. */
  settingsFields(ctx, editable) {
    const { game } = ctx;
    this.form = new OptionsForm(game, { seats: lobbySeats(ctx.table) });
    this.tableSettings = new TableSettings(ctx.table, {
      playerCards: game.options.some((option) => option.name === "customWhiteCards"),
      numbers: this.numbers || [],
    });
    this.load(ctx.table);
    const fields = h("fieldset", { class: `settings-fields${editable ? "" : " read-only"}`, disabled: !editable },
      h("legend", { class: "visually-hidden", text: editable ? t("lobby.settingsEditable") : t("lobby.settingsReadOnly") }),
      h("h3", { text: t("lobby.gameSettings") }), this.form.element,
      h("h3", { text: t("lobby.tableSettings") }), this.tableSettings.element);
    if (editable) {
      this.sync = new SettingsSync({
        collect: () => this.changes(),
        send: (fields) => this.tableAct({ type: "settings", ...fields }).then(() => {
          if (fields.options) this.sentOptions = JSON.stringify(fields.options);
        }),
      });
      this.sync.watch(fields);
    }
    return fields;
  }

  /** Show the table's settings in the form. */
  load(table) {
    this.form.set(table.options);
    this.tableSettings.set(table);
    this.sentOptions = JSON.stringify(this.form.value());
  }

  /** The fields of the `settings` action that differ from what the table plays now. */
  changes() {
    const out = {};
    const options = this.form.value();
    if (JSON.stringify(options) !== this.sentOptions) out.options = options;
    return { ...out, ...this.tableSettings.changes(this.ctx.table) };
  }

  hostPanel(ctx) {
    const { game } = ctx;
    const fields = this.settingsFields(ctx, true);
    const botSelect = h("select", { id: "bot-kind" }, game.bots.map((bot) => h("option", { value: bot, text: BOTS.has(bot) ? t(`bot.${bot}`) : t("bot.other", { name: bot }) })));
    const start = h("button", { type: "button", class: "primary start-button", text: t("lobby.start") });
    start.addEventListener("click", async () => {
      start.disabled = true;
      try {
        // What the form shows is what is played: a change still on its way is stored first.
        await this.sync.flush();
        await this.tableAct({ type: "start" });
      } catch {
        // The error is on screen (the settings' state, or the table's error line).
      } finally {
        start.disabled = false;
      }
    });
    return h("section", { class: "panel host-panel", "aria-labelledby": "host-title" },
      h("h2", { id: "host-title", text: t("lobby.host") }),
      start,
      h("div", { class: "field bot-row" },
        h("label", { for: "bot-kind", text: t("lobby.botLabel") }),
        h("div", { class: "share-row" }, botSelect,
          h("button", { type: "button", class: "secondary", text: t("lobby.addBot"), onclick: () => this.tableAct({ type: "add-bot", bot: botSelect.value }).catch(() => null) }))),
      h("div", { class: "settings-head" },
        h("p", { class: "help", text: t("lobby.hostHelp") }),
        this.sync.element),
      fields);
  }

  update(ctx) {
    this.ctx = ctx;
    if (!this.built || this.hostBuilt !== ctx.isHost) {
      this.build(ctx);
      this.built = true;
    }
    const players = ctx.table.members.filter((m) => m.role === "player").length;
    setText(this.waiting, t(ctx.isHost ? "lobby.waitingHost" : "lobby.waiting", { count: players }));
    const { table } = ctx;
    const numbers = this.numbers || [];
    const seats = lobbySeats(table);
    const key = JSON.stringify([table.options, table.decks, table.chat_mode, table.player_cards,
      table.series && table.series.games, table.series && table.series.minutes, seats,
      numbers.map((setting) => table[setting.name])]);
    // The host's own change on its way is not overwritten by an older state of the table.
    if (this.form && key !== this.shownOptions && !(this.sync && this.sync.busy)) {
      this.shownOptions = key;
      this.form.setSeats(seats);
      this.load(table);
      if (!ctx.isHost) replace(this.rules, describeOptions(ctx.game, table.options, table.decks, seats), describeTable(table, numbers));
    }
    const decks = table.decks || [];
    this.decksPanel.hidden = !decks.length;
    syncList(this.deckList, decks, (deck) => deck.id, () => h("li", {}, h("strong", { class: "deck-name" }), h("span", { class: "muted deck-counts" })),
      (item, deck) => {
        setText(item.querySelector(".deck-name"), deck.name);
        setText(item.querySelector(".deck-counts"), ` · ${t("decks.counts", { black: deck.calls, white: deck.responses })} · ${packsInPlay(deck)}`);
      });
    if (this.writePanel) this.writePanel.hidden = !table.player_cards || !ctx.me || ctx.me.role !== "player";
    if (this.teamPanel) this.updateTeamRequests(ctx);
  }

  /** The requests this member may answer: those naming them, and every one for the host. */
  updateTeamRequests(ctx) {
    const asking = ctx.table.members.filter((m) => m.asks !== null && m.asks !== undefined && (m.asks === ctx.member || ctx.isHost));
    this.teamPanel.hidden = !asking.length;
    const nameOf = (id) => (ctx.table.members.find((m) => m.id === id) || { name: t("lobby.team.someone") }).name;
    const answer = (member, accept) => this.tableAct({ type: "answer-team", member, accept }).catch(() => null);
    syncList(this.teamList, asking, (m) => m.id,
      (m) => h("li", { class: "team-request" }, h("span", { class: "team-request-text" }),
        h("button", { type: "button", class: "primary", text: t("lobby.team.accept"), onclick: () => answer(m.id, true) }),
        h("button", { type: "button", class: "secondary", text: t("lobby.team.decline"), onclick: () => answer(m.id, false) })),
      (item, m) => setText(item.querySelector(".team-request-text"), `${m.asks === ctx.member
        ? t("lobby.team.asksYou", { name: m.name }) : t("lobby.team.asks", { name: m.name, holder: nameOf(m.asks) })} `));
  }

  destroy() {
    if (this.sync) this.sync.destroy();
  }
}

/** "Write a card": when the host allows player cards, any player adds a white or black card. */
function writeCardPanel(tableAct) {
  const textId = uid("write-card-text");
  const text = h("input", { id: textId, name: "card_text", maxlength: 200, autocomplete: "off", "aria-describedby": `${textId}-help` });
  const help = h("p", { class: "help", id: `${textId}-help`, text: t("write.help") });
  const status = h("p", { class: "form-error", role: "alert" });
  const done = h("p", { class: "muted", role: "status" });
  const colour = (value, label, checked) => h("label", { class: "check" },
    h("input", { type: "radio", name: "card_color", value, checked }), label);
  const form = h("form", { class: "write-card-form" },
    h("fieldset", { class: "radio-group inline" }, h("legend", { text: t("write.colour") }),
      colour("white", t("write.white"), true), colour("black", t("write.black"), false)),
    h("div", { class: "field" }, h("label", { for: textId, text: t("write.text") }), text, help),
    status, done,
    h("button", { type: "submit", class: "secondary", text: t("write.submit") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    status.textContent = "";
    done.textContent = "";
    const words = text.value.trim();
    if (!words) {
      status.textContent = t("write.empty");
      text.focus();
      return;
    }
    const color = form.elements.card_color.value;
    tableAct({ type: "write-card", color, text: words }).then(() => {
      text.value = "";
      done.textContent = t(color === "black" ? "write.doneBlack" : "write.doneWhite");
    }, (error) => { status.textContent = error.message; });
  });
  return h("section", { class: "panel write-card", "aria-labelledby": "write-card-title", hidden: true },
    h("h2", { id: "write-card-title", text: t("write.title") }), form);
}
