// panels/players.js: who is at the table: players then spectators, each with their presence
// (online, offline, away, autopilot, bot) in words and a shape, never by colour alone, plus what
// the game says about their seat (score, Czar, submitted). A seat everyone left is still listed
// while the game runs (the server plays it), by the name it had, and so is whoever else plays
// without a seat (the renderer's `otherPlayers`: CAH's Rando). It says how soon someone who
// leaves is marked away.
// The host can remove or ban people (after a confirmation naming them) or pass the host role;
// anyone can report a player to the moderators.

import { confirmDialog } from "../dialog.js";
import { h, setText, syncList } from "../dom.js";

/** The confirmation before removing someone (`ban`: and banning them from the table). */
const KICKS = {
  false: { title: (name) => `Remove ${name}?`, text: "They leave the table; they may join again.", yes: "Remove" },
  true: { title: (name) => `Ban ${name}?`, text: "They leave the table and may not join it again.", yes: "Ban" },
};

function seatOf(member, table) {
  return member.seat !== null && member.seat !== undefined ? table.seats[member.seat] || null : null;
}

/** A member's presence, in a word and a shape. The seat's state comes first: "autopilot" when
 *  the server plays its moves for now, "away" when it is marked away. */
function presence(member, table) {
  if (member.bot) return { text: "bot", icon: "◆" };
  const seat = seatOf(member, table);
  if (seat && seat.autopilot) return { text: "autopilot", icon: "◇" };
  if ((seat && seat.away) || member.away) return { text: "away", icon: "◐" };
  return member.online ? { text: "online", icon: "●" } : { text: "offline", icon: "○" };
}

/** Seats of the game in progress that nobody present holds (everyone holding them left). */
function emptySeats(table) {
  if (table.status !== "playing") return [];
  const held = new Set(table.members.map((m) => m.seat).filter((seat) => seat !== null && seat !== undefined));
  return table.seats.map((seat, index) => ({ seat, index })).filter(({ index }) => !held.has(index));
}

export class PlayersPanel {
  constructor({ onKick, onHost, report }) {
    this.onKick = onKick;
    this.onHost = onHost;
    this.report = report;
    this.reportButton = h("button", { type: "button", class: "tiny-button report-player", text: "Report a player", hidden: true,
      onclick: () => this.reportPlayer() });
    this.list = h("ul", { class: "member-list" });
    this.count = h("span", { class: "muted" });
    this.managing = false;
    this.manage = h("button", { type: "button", class: "tiny-button", "aria-pressed": "false", text: "Manage", hidden: true });
    this.manage.addEventListener("click", () => {
      this.managing = !this.managing;
      this.manage.setAttribute("aria-pressed", String(this.managing));
      if (this.ctx) this.update(this.ctx, this.renderer);
    });
    this.grace = h("p", { class: "help grace-line", hidden: true });
    this.element = h("section", { class: "panel players-panel", "aria-labelledby": "players-title" },
      h("div", { class: "panel-head" }, h("h2", { id: "players-title", text: "Players" }), this.count, this.manage),
      this.list, this.grace, this.reportButton);
  }

  update(ctx, renderer) {
    this.ctx = ctx;
    this.renderer = renderer;
    const { table } = ctx;
    this.manage.hidden = !ctx.isHost || ctx.mode === "tv" || table.members.length < 2;
    const members = [...table.members].sort((a, b) => (a.role === b.role ? 0 : a.role === "player" ? -1 : 1));
    const playing = members.filter((m) => m.role === "player").length;
    setText(this.count, `${playing} playing${members.length > playing ? `, ${members.length - playing} watching` : ""}`);
    const others = renderer && renderer.otherPlayers && ctx.view ? renderer.otherPlayers() : [];
    const rows = [...members.map((m) => ({ member: m })), ...emptySeats(table).map((s) => ({ empty: s })), ...others.map((o) => ({ other: o }))];
    const key = (row) => (row.member ? row.member.id : row.empty ? `seat-${row.empty.index}` : `other-${row.other.key}`);
    syncList(this.list, rows, key, () => this.item(), (item, row) => (row.member ? this.refresh(item, row.member, ctx, renderer)
      : row.empty ? this.refreshEmpty(item, row.empty, ctx, renderer) : this.refreshOther(item, row.other)));
    this.grace.hidden = table.grace === undefined || table.grace === null;
    setText(this.grace, `Players who leave are marked away after ${table.grace} s.`);
    this.reportButton.hidden = !this.report || !this.others(ctx).length;
  }

  /** The people you could report: everyone at the table but you and the bots. */
  others(ctx) {
    return ctx.table.members.filter((m) => m.id !== ctx.member && !m.bot);
  }

  reportPlayer() {
    const others = this.others(this.ctx);
    if (!others.length) return;
    this.report({
      title: "Report a player",
      choices: others.map((m) => ({ kind: "player", target: { member: m.id }, subject: `${m.name}${m.role === "spectator" ? " (watching)" : ""}` })),
    });
  }

  item() {
    const actions = h("span", { class: "member-actions" });
    return h("li", { class: "member" },
      h("span", { class: "presence", "aria-hidden": "true" }),
      h("span", { class: "member-text" },
        h("span", { class: "member-name" }),
        h("span", { class: "member-tags" })),
      h("span", { class: "member-score" }),
      actions);
  }

  /** A seat whose people all left: the server plays it until the game ends. */
  refreshEmpty(item, { seat, index }, ctx, renderer) {
    const info = renderer ? renderer.seatInfo(index) : null;
    const state = seat.autopilot ? { text: "autopilot", icon: "◇" } : { text: "away", icon: "◐" };
    item.className = `member seat-empty presence-${state.text}${info && info.active ? " is-active" : ""}`;
    setText(item.querySelector(".presence"), state.icon);
    setText(item.querySelector(".member-name"), ctx.seatName(index));
    setText(item.querySelector(".member-tags"), [state.text, "left", ...(info ? info.tags : [])].join(" · "));
    const score = item.querySelector(".member-score");
    setText(score, info && info.score !== null ? String(info.score) : "");
    score.setAttribute("aria-label", info && info.score !== null ? `${info.score} points` : "");
    item.querySelector(".member-actions").replaceChildren();
  }

  /** Remove (or ban) `member` once the host confirms; Cancel or Escape does nothing. */
  confirmKick(member, ban) {
    const words = KICKS[ban];
    confirmDialog({ title: words.title(member.name), text: words.text, yes: words.yes, className: "kick-dialog" }).then((yes) => {
      if (yes) this.onKick(member.id, ban);
    });
  }

  /** Someone the game plays without a seat: { name, score (or null), tags }. */
  refreshOther(item, { name, score, tags }) {
    item.className = "member member-other";
    setText(item.querySelector(".presence"), "◆");
    setText(item.querySelector(".member-name"), name);
    setText(item.querySelector(".member-tags"), tags.join(" · "));
    const scoreEl = item.querySelector(".member-score");
    setText(scoreEl, score !== null ? String(score) : "");
    scoreEl.setAttribute("aria-label", score !== null ? `${score} points` : "");
  }

  refresh(item, member, ctx, renderer) {
    const { table } = ctx;
    const state = presence(member, table);
    const info = member.seat !== null && member.seat !== undefined && renderer ? renderer.seatInfo(member.seat) : null;
    item.className = `member presence-${state.text}${info && info.active ? " is-active" : ""}`;
    setText(item.querySelector(".presence"), state.icon);
    setText(item.querySelector(".member-name"), member.name + (member.id === ctx.member ? " (you)" : ""));
    const seat = seatOf(member, table);
    const tags = state.text === "autopilot" && (member.away || seat.away) ? ["away", "autopilot"] : [state.text];
    if (member.id === table.host) tags.push("host");
    if (member.role === "spectator") tags.push("watching");
    if (info) tags.push(...info.tags);
    setText(item.querySelector(".member-tags"), tags.join(" · "));
    const score = item.querySelector(".member-score");
    setText(score, info && info.score !== null ? String(info.score) : "");
    score.setAttribute("aria-label", info && info.score !== null ? `${info.score} points` : "");
    const actions = item.querySelector(".member-actions");
    const canManage = this.managing && ctx.isHost && member.id !== ctx.member && ctx.mode !== "tv";
    if (canManage && !actions.childElementCount) {
      const hidden = (text) => h("span", { class: "visually-hidden", text: ` ${member.name}` + text });
      if (member.role === "player" && !member.bot) {
        actions.append(h("button", { type: "button", class: "tiny-button", onclick: () => this.onHost(member.id) }, "Make host", hidden("")));
      }
      actions.append(
        h("button", { type: "button", class: "tiny-button", onclick: () => this.confirmKick(member, false) }, "Remove", hidden("")),
        h("button", { type: "button", class: "tiny-button", onclick: () => this.confirmKick(member, true) }, "Ban", hidden(" from this table")));
    } else if (!canManage && actions.childElementCount) {
      actions.replaceChildren();
    }
  }
}
