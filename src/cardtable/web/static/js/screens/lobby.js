// screens/lobby.js: the table before a game: the share link with its QR code and the
// big-screen link, the host's settings (the game's, as on the home screen, and the table's:
// player-written cards, a tournament), bots, and start. Players who are not the host see the
// rules in words and wait. Everyone sees the decks in play, and players may write cards when
// the host allows it.

import { announce } from "../announce.js";
import { h, replace, setText, syncList, uid } from "../dom.js";
import { describeOptions, OptionsForm } from "../options-form.js";
import { qrSvg } from "../qr.js";
import { describeTable, TableSettings } from "../table-settings.js";

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
    h("h2", { id: "share-title", text: tv ? `Join at ${location.host}: code ${code}` : "Invite friends" }),
    h("div", { class: "share-body" },
      qrSvg(link, `QR code that opens the link to join table ${code}`),
      h("div", { class: "share-text" },
        h("p", {}, "Table code ", h("strong", { class: "big-code", text: code })),
        tv ? null : [
          h("label", { for: "share-link", text: "Share link" }),
          h("div", { class: "share-row" }, input,
            h("button", {
              type: "button", class: "secondary", text: "Copy link",
              onclick: () => navigator.clipboard.writeText(link).then(
                () => { copied.textContent = "Link copied."; },
                () => { input.select(); copied.textContent = "Press Ctrl+C to copy."; }),
            })),
          copied,
          h("p", {}, h("a", { href: `#/tv/${code}`, target: "_blank", rel: "noopener", text: "Open the big-screen view" }),
            " for a shared TV: black card, answers and scores, no hands."),
        ])));
}

export class LobbyView {
  constructor({ tableAct }) {
    this.tableAct = tableAct;
    this.element = h("div", { class: "lobby" });
    this.built = false;
  }

  build(ctx) {
    const { game } = ctx;
    this.hostBuilt = ctx.isHost;
    this.waiting = h("p", { class: "lobby-status" });
    this.rules = h("div", { class: "lobby-rules" });
    this.deckList = h("ul", { class: "decks-in-play" });
    this.decksPanel = h("section", { class: "panel", "aria-labelledby": "decks-title", hidden: true },
      h("h2", { id: "decks-title", text: "Decks in play" }), this.deckList);
    this.writePanel = ctx.mode === "tv" ? null : writeCardPanel(this.tableAct);
    const parts = [
      h("div", { class: "panel lobby-head" },
        h("h2", { id: "stage-title", text: `${game ? game.title : ctx.table.game}: waiting for players` }),
        this.waiting),
      sharePanel(ctx.code, { tv: ctx.mode === "tv" }),
      this.writePanel,
    ];
    if (ctx.mode === "tv") {
      replace(this.element, parts, this.decksPanel);
      return;
    }
    if (ctx.isHost) parts.push(this.hostPanel(ctx));
    else parts.push(h("section", { class: "panel", "aria-labelledby": "rules-title" },
      h("h2", { id: "rules-title", text: "Rules" }), this.rules));
    replace(this.element, parts, this.decksPanel);
  }

  hostPanel(ctx) {
    const { game } = ctx;
    this.form = new OptionsForm(game);
    this.form.set(ctx.table.options);
    this.tableSettings = new TableSettings(ctx.table, { playerCards: game.options.some((option) => option.name === "customWhiteCards") });
    const status = h("p", { class: "form-error", role: "alert" });
    const botSelect = h("select", { id: "bot-kind" }, game.bots.map((bot) => h("option", { value: bot, text: bot === "random" ? "Random bot" : `${bot} bot` })));
    const start = h("button", { type: "button", class: "primary start-button", text: "Start the game" });
    start.addEventListener("click", () => this.tableAct({ type: "start" }).catch(() => null));
    const save = h("button", { type: "button", class: "secondary", text: "Save settings" });
    save.addEventListener("click", () => {
      status.textContent = "";
      this.tableAct({ type: "settings", options: this.form.value(), ...this.tableSettings.changes(this.ctx.table) }).then(
        () => announce("Settings saved."), (error) => { status.textContent = error.message; });
    });
    return h("section", { class: "panel host-panel", "aria-labelledby": "host-title" },
      h("h2", { id: "host-title", text: "You are the host" }),
      start,
      h("div", { class: "field bot-row" },
        h("label", { for: "bot-kind", text: "Fill a seat with a bot" }),
        h("div", { class: "share-row" }, botSelect,
          h("button", { type: "button", class: "secondary", text: "Add bot", onclick: () => this.tableAct({ type: "add-bot", bot: botSelect.value }).catch(() => null) }))),
      h("h3", { text: "Game settings" }),
      this.form.element,
      h("h3", { text: "Table settings" }), this.tableSettings.element,
      status, save);
  }

  /** True while the host is in a settings control: their edits are not overwritten. */
  editing() {
    const active = document.activeElement;
    return this.form.element.contains(active) || this.tableSettings.element.contains(active);
  }

  update(ctx) {
    this.ctx = ctx;
    if (!this.built || this.hostBuilt !== ctx.isHost) {
      this.build(ctx);
      this.built = true;
    }
    const players = ctx.table.members.filter((m) => m.role === "player").length;
    setText(this.waiting, ctx.isHost
      ? `${players} player${players === 1 ? "" : "s"} at the table. Start when everyone is in.`
      : `${players} player${players === 1 ? "" : "s"} at the table. Waiting for the host to start…`);
    const { table } = ctx;
    const key = JSON.stringify([table.options, table.decks, table.chat_mode, table.player_cards, table.series && table.series.games, table.series && table.series.minutes]);
    if (!ctx.isHost && ctx.game) {
      if (key !== this.shownOptions) {
        this.shownOptions = key;
        replace(this.rules, describeOptions(ctx.game, table.options, table.decks), describeTable(table));
      }
    } else if (ctx.isHost && this.form && !this.editing()) {
      if (key !== this.shownOptions) {
        this.shownOptions = key;
        this.form.set(table.options);
        this.tableSettings.set(table);
      }
    }
    const decks = table.decks || [];
    this.decksPanel.hidden = !decks.length;
    syncList(this.deckList, decks, (deck) => deck.id, () => h("li", {}, h("strong", { class: "deck-name" }), h("span", { class: "muted deck-counts" })),
      (item, deck) => {
        setText(item.querySelector(".deck-name"), deck.name);
        setText(item.querySelector(".deck-counts"), ` · ${deck.calls} black, ${deck.responses} white`);
      });
    if (this.writePanel) this.writePanel.hidden = !table.player_cards || !ctx.me || ctx.me.role !== "player";
  }
}

/** "Write a card": when the host allows player cards, any player adds a white or black card. */
function writeCardPanel(tableAct) {
  const textId = uid("write-card-text");
  const text = h("input", { id: textId, name: "card_text", maxlength: 200, autocomplete: "off", "aria-describedby": `${textId}-help` });
  const help = h("p", { class: "help", id: `${textId}-help`, text: "A white card is an answer. On a black card, write _ for each blank." });
  const status = h("p", { class: "form-error", role: "alert" });
  const done = h("p", { class: "muted", role: "status" });
  const colour = (value, label, checked) => h("label", { class: "check" },
    h("input", { type: "radio", name: "card_color", value, checked }), label);
  const form = h("form", { class: "write-card-form" },
    h("fieldset", { class: "radio-group inline" }, h("legend", { text: "Colour" }),
      colour("white", "White card (an answer)", true), colour("black", "Black card (a question)", false)),
    h("div", { class: "field" }, h("label", { for: textId, text: "Your card" }), text, help),
    status, done,
    h("button", { type: "submit", class: "secondary", text: "Add my card" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    status.textContent = "";
    done.textContent = "";
    const words = text.value.trim();
    if (!words) {
      status.textContent = "Write the card's text first.";
      text.focus();
      return;
    }
    const color = form.elements.card_color.value;
    tableAct({ type: "write-card", color, text: words }).then(() => {
      text.value = "";
      done.textContent = `Your ${color} card was added to this table's deck.`;
    }, (error) => { status.textContent = error.message; });
  });
  return h("section", { class: "panel write-card", "aria-labelledby": "write-card-title", hidden: true },
    h("h2", { id: "write-card-title", text: "Write a card" }), form);
}
