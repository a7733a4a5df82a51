// panels/chat.js: the table's chat: the last lines the server keeps, a box to write in, and
// a report button on other people's lines. New lines are announced by the table screen.

import { h, syncList } from "../dom.js";

export class ChatPanel {
  constructor({ send, report, readOnly }) {
    this.send = send;
    this.report = report;
    this.log = h("ol", { class: "chat-log", "aria-label": "Messages", tabindex: 0 });
    this.empty = h("p", { class: "muted", text: "No messages yet. Say hello!" });
    this.input = h("input", { id: "chat-input", name: "chat", maxlength: 500, autocomplete: "off", placeholder: "Write a message" });
    const form = h("form", { class: "chat-form" },
      h("label", { for: "chat-input", class: "visually-hidden", text: "Message" }), this.input,
      h("button", { type: "submit", class: "secondary", text: "Send" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.send(text).then(() => {
        this.input.value = "";
      }, () => null);
    });
    this.element = h("section", { class: "panel chat-panel", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title", text: "Chat" }), this.empty, this.log, readOnly ? null : form);
  }

  update(ctx) {
    const lines = ctx.table.chat;
    this.empty.hidden = lines.length > 0;
    const atBottom = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 40;
    syncList(this.log, lines, (line) => line.seq, (line) => h("li", { class: "chat-line" },
      h("span", { class: "chat-name", text: line.name }), ": ",
      h("span", { class: "chat-text", text: line.text }),
      line.member !== ctx.member && ctx.mode !== "tv"
        ? h("button", { type: "button", class: "tiny-button report-button",
          onclick: () => this.report({ member: line.member, chat: line.seq }).catch(() => null) },
        "Report", h("span", { class: "visually-hidden", text: ` message from ${line.name}` }))
        : null));
    if (atBottom) this.log.scrollTop = this.log.scrollHeight;
  }
}
