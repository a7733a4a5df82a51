// panels/chat.js: the table's chat: the last lines the server keeps, a box to write in, and
// a report button on other people's lines. The host chooses who may chat (everyone, players
// only: spectators muted, nobody) at any time; when you cannot write, the box gives way to a
// sentence saying why. New lines are announced by the table screen.

import { announce } from "../announce.js";
import { h, setText, syncList } from "../dom.js";
import { t } from "../i18n.js";
import { CHAT_MODES } from "../table-settings.js";

/** Why you cannot write in the chat now, in words, or "" when you can. */
function chatBlocked(table, me) {
  if (table.chat_mode === "off") return t("chat.off");
  if (table.chat_mode === "players" && me && me.role === "spectator") return t("chat.muted");
  return "";
}

export class ChatPanel {
  /** `setMode(mode)` changes who may chat (the host's setting). */
  constructor({ send, report, setMode, readOnly }) {
    this.send = send;
    this.report = report;
    this.readOnly = readOnly;
    this.log = h("ol", { class: "chat-log", "aria-label": t("chat.messages"), tabindex: 0 });
    this.empty = h("p", { class: "muted", text: t("chat.empty") });
    this.notice = h("p", { class: "chat-notice", hidden: true });
    this.input = h("input", { id: "chat-input", name: "chat", maxlength: 500, autocomplete: "off", placeholder: t("chat.placeholder") });
    this.form = h("form", { class: "chat-form" },
      h("label", { for: "chat-input", class: "visually-hidden", text: t("chat.message") }), this.input,
      h("button", { type: "submit", class: "secondary", text: t("chat.send") }));
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.send(text).then(() => {
        this.input.value = "";
      }, () => null);
    });
    this.mode = h("select", { id: "chat-mode", name: "chat_mode" },
      CHAT_MODES.map((value) => h("option", { value, text: t(`chatMode.${value}`) })));
    this.mode.addEventListener("change", () => {
      setMode(this.mode.value).then(() => null, () => { this.mode.value = this.shownMode; });
    });
    this.modeField = h("div", { class: "field chat-mode", hidden: true },
      h("label", { for: "chat-mode", text: t("chat.modeLabel") }), this.mode);
    this.element = h("section", { class: "panel chat-panel", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title", text: t("chat.title") }), readOnly ? null : this.modeField,
      this.empty, this.log, this.notice, readOnly ? null : this.form);
  }

  update(ctx) {
    const lines = ctx.table.chat;
    this.empty.hidden = lines.length > 0;
    this.modeField.hidden = !ctx.isHost;
    if (this.shownMode !== ctx.table.chat_mode) {
      this.shownMode = ctx.table.chat_mode;
      this.mode.value = ctx.table.chat_mode;
    }
    const blocked = this.readOnly ? "" : chatBlocked(ctx.table, ctx.me);
    if (this.blocked !== undefined && blocked !== this.blocked) announce(blocked || t("chat.open"));
    this.blocked = blocked;
    setText(this.notice, blocked);
    this.notice.hidden = !blocked;
    this.form.hidden = Boolean(blocked);
    const atBottom = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 40;
    syncList(this.log, lines, (line) => line.seq, (line) => h("li", { class: "chat-line" },
      h("span", { class: "chat-name", text: line.name }), ": ",
      h("span", { class: "chat-text", text: line.text }),
      line.member !== ctx.member && this.report
        ? h("button", {
          type: "button", class: "tiny-button report-button",
          onclick: () => this.report({
            title: t("chat.reportTitle"),
            choices: [{ kind: "chat", target: { seq: line.seq }, subject: t("chat.reportSubject", { name: line.name, text: line.text }) }],
          }),
        }, t("report.button"), h("span", { class: "visually-hidden", text: ` ${t("chat.reportWhose", { name: line.name })}` }))
        : null));
    if (atBottom) this.log.scrollTop = this.log.scrollHeight;
  }
}
