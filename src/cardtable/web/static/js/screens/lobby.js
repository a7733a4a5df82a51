// screens/lobby.js: the table before a game: the share link with its QR code and the
// big-screen link, the host's settings (the same form as on the home screen), bots, and start.
// Players who are not the host see the rules in words and wait.

import { announce } from "../announce.js";
import { h, replace, setText } from "../dom.js";
import { describeOptions, OptionsForm } from "../options-form.js";
import { qrSvg } from "../qr.js";

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
    const parts = [
      h("div", { class: "panel lobby-head" },
        h("h2", { id: "stage-title", text: `${game ? game.title : ctx.table.game}: waiting for players` }),
        this.waiting),
      sharePanel(ctx.code, { tv: ctx.mode === "tv" }),
    ];
    if (ctx.mode === "tv") {
      replace(this.element, parts);
      return;
    }
    if (ctx.isHost) parts.push(this.hostPanel(ctx));
    else parts.push(h("section", { class: "panel", "aria-labelledby": "rules-title" },
      h("h2", { id: "rules-title", text: "Rules" }), this.rules));
    replace(this.element, parts);
  }

  hostPanel(ctx) {
    const { game } = ctx;
    this.form = new OptionsForm(game);
    this.form.set(ctx.table.options);
    const status = h("p", { class: "form-error", role: "alert" });
    const botSelect = h("select", { id: "bot-kind" }, game.bots.map((bot) => h("option", { value: bot, text: bot === "random" ? "Random bot" : `${bot} bot` })));
    const start = h("button", { type: "button", class: "primary start-button", text: "Start the game" });
    start.addEventListener("click", () => this.tableAct({ type: "start" }).catch(() => null));
    const save = h("button", { type: "button", class: "secondary", text: "Save settings" });
    save.addEventListener("click", () => {
      status.textContent = "";
      this.tableAct({ type: "settings", options: this.form.value() }).then(
        () => announce("Settings saved."), (error) => { status.textContent = error.message; });
    });
    return h("section", { class: "panel host-panel", "aria-labelledby": "host-title" },
      h("h2", { id: "host-title", text: "You are the host" }),
      start,
      h("div", { class: "field bot-row" },
        h("label", { for: "bot-kind", text: "Fill a seat with a bot" }),
        h("div", { class: "share-row" }, botSelect,
          h("button", { type: "button", class: "secondary", text: "Add bot", onclick: () => this.tableAct({ type: "add-bot", bot: botSelect.value }).catch(() => null) }))),
      h("h3", { text: "Settings" }),
      this.form.element, status, save);
  }

  update(ctx) {
    if (!this.built || this.hostBuilt !== ctx.isHost) {
      this.build(ctx);
      this.built = true;
    }
    const players = ctx.table.members.filter((m) => m.role === "player").length;
    setText(this.waiting, ctx.isHost
      ? `${players} player${players === 1 ? "" : "s"} at the table. Start when everyone is in.`
      : `${players} player${players === 1 ? "" : "s"} at the table. Waiting for the host to start…`);
    if (!ctx.isHost && ctx.game) {
      const key = JSON.stringify(ctx.table.options);
      if (key !== this.shownOptions) {
        this.shownOptions = key;
        replace(this.rules, describeOptions(ctx.game, ctx.table.options));
      }
    } else if (ctx.isHost && this.form && !this.form.element.contains(document.activeElement)) {
      const key = JSON.stringify(ctx.table.options);
      if (key !== this.shownOptions) {
        this.shownOptions = key;
        this.form.set(ctx.table.options);
      }
    }
  }
}
