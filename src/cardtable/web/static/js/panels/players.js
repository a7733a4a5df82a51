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
import { formatNumber, t } from "../i18n.js";

function seatOf(member, table) {
  return member.seat !== null && member.seat !== undefined ? table.seats[member.seat] || null : null;
}

/** A member's presence, as a state (its class, and in words `presence.<state>`) and a shape.
 *  The seat's state comes first: "autopilot" when the server plays its moves for now, "away"
 *  when it is marked away. */
function presence(member, table) {
  if (member.bot) return { text: "bot", icon: "◆" };
  const seat = seatOf(member, table);
  if (seat && seat.autopilot) return { text: "autopilot", icon: "◇" };
  if ((seat && seat.away) || member.away) return { text: "away", icon: "◐" };
  return member.online ? { text: "online", icon: "●" } : { text: "offline", icon: "○" };
}

/** A tag of the players list in words (`presence.<tag>`: a presence, host, watching, left). */
function tag(name) {
  return t(`presence.${name}`);
}

/** What a seat's score says to a screen reader. */
function pointsLabel(score) {
  return score === null || score === undefined ? "" : t("players.points", { count: score });
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
    this.reportButton = h("button", { type: "button", class: "tiny-button report-player", text: t("players.report"), hidden: true,
      onclick: () => this.reportPlayer() });
    this.list = h("ul", { class: "member-list" });
    this.count = h("span", { class: "muted" });
    this.managing = false;
    this.manage = h("button", { type: "button", class: "tiny-button", "aria-pressed": "false", text: t("players.manage"), hidden: true });
    this.manage.addEventListener("click", () => {
      this.managing = !this.managing;
      this.manage.setAttribute("aria-pressed", String(this.managing));
      if (this.ctx) this.update(this.ctx, this.renderer);
    });
    this.grace = h("p", { class: "help grace-line", hidden: true });
    this.element = h("section", { class: "panel players-panel", "aria-labelledby": "players-title" },
      h("div", { class: "panel-head" }, h("h2", { id: "players-title", text: t("players.title") }), this.count, this.manage),
      this.list, this.grace, this.reportButton);
  }

  update(ctx, renderer) {
    this.ctx = ctx;
    this.renderer = renderer;
    const { table } = ctx;
    this.manage.hidden = !ctx.isHost || ctx.mode === "tv" || table.members.length < 2;
    const members = [...table.members].sort((a, b) => (a.role === b.role ? 0 : a.role === "player" ? -1 : 1));
    const playing = members.filter((m) => m.role === "player").length;
    const watching = members.length - playing;
    setText(this.count, watching ? t("players.countWatching", { playing: t("players.playing", { count: playing }), count: watching })
      : t("players.playing", { count: playing }));
    const others = renderer && renderer.otherPlayers && ctx.view ? renderer.otherPlayers() : [];
    const rows = [...members.map((m) => ({ member: m })), ...emptySeats(table).map((s) => ({ empty: s })), ...others.map((o) => ({ other: o }))];
    const key = (row) => (row.member ? row.member.id : row.empty ? `seat-${row.empty.index}` : `other-${row.other.key}`);
    syncList(this.list, rows, key, () => this.item(), (item, row) => (row.member ? this.refresh(item, row.member, ctx, renderer)
      : row.empty ? this.refreshEmpty(item, row.empty, ctx, renderer) : this.refreshOther(item, row.other)));
    this.grace.hidden = table.grace === undefined || table.grace === null;
    setText(this.grace, t("players.grace", { count: table.grace }));
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
      title: t("players.report"),
      choices: others.map((m) => ({ kind: "player", target: { member: m.id }, subject: m.role === "spectator" ? t("players.watchingName", { name: m.name }) : m.name })),
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
    setText(item.querySelector(".member-tags"), [tag(state.text), tag("left"), ...(info ? info.tags : [])].join(" · "));
    const score = item.querySelector(".member-score");
    setText(score, info && info.score !== null ? formatNumber(info.score) : "");
    score.setAttribute("aria-label", pointsLabel(info && info.score));
    item.querySelector(".member-actions").replaceChildren();
  }

  /** Remove (or ban) `member` once the host confirms; Cancel or Escape does nothing. */
  confirmKick(member, ban) {
    const kick = ban ? "kick.ban" : "kick.remove";
    confirmDialog({ title: t(`${kick}.title`, { name: member.name }), text: t(`${kick}.text`), yes: t(`${kick}.yes`), className: "kick-dialog" }).then((yes) => {
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
    setText(scoreEl, score !== null ? formatNumber(score) : "");
    scoreEl.setAttribute("aria-label", pointsLabel(score));
  }

  refresh(item, member, ctx, renderer) {
    const { table } = ctx;
    const state = presence(member, table);
    const info = member.seat !== null && member.seat !== undefined && renderer ? renderer.seatInfo(member.seat) : null;
    item.className = `member presence-${state.text}${info && info.active ? " is-active" : ""}`;
    setText(item.querySelector(".presence"), state.icon);
    setText(item.querySelector(".member-name"), member.id === ctx.member ? t("common.you", { name: member.name }) : member.name);
    const seat = seatOf(member, table);
    const tags = (state.text === "autopilot" && (member.away || seat.away) ? ["away", "autopilot"] : [state.text]).map(tag);
    if (member.id === table.host) tags.push(tag("host"));
    if (member.role === "spectator") tags.push(tag("watching"));
    if (info) tags.push(...info.tags);
    setText(item.querySelector(".member-tags"), tags.join(" · "));
    const score = item.querySelector(".member-score");
    setText(score, info && info.score !== null ? formatNumber(info.score) : "");
    score.setAttribute("aria-label", pointsLabel(info && info.score));
    const actions = item.querySelector(".member-actions");
    const canManage = this.managing && ctx.isHost && member.id !== ctx.member && ctx.mode !== "tv";
    if (canManage && !actions.childElementCount) {
      // Each button's visible word, and its whole sentence (naming the member) for screen readers.
      const button = (key, onclick) => h("button", { type: "button", class: "tiny-button", onclick },
        h("span", { "aria-hidden": "true", text: t(key) }), h("span", { class: "visually-hidden", text: t(`${key}.full`, { name: member.name }) }));
      if (member.role === "player" && !member.bot) actions.append(button("players.makeHost", () => this.onHost(member.id)));
      actions.append(
        button("players.remove", () => this.confirmKick(member, false)),
        button("players.ban", () => this.confirmKick(member, true)));
    } else if (!canManage && actions.childElementCount) {
      actions.replaceChildren();
    }
  }
}
