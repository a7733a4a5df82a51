// screens/table.js: your place at a table, from the lobby through the game to its end. It
// owns the connection, the page layout (stage, players, tournament, cards in play, chat), the
// table-level news read to screen readers (and shown for a moment as a line under the bar), what
// the table offers when people are gone (panels/liveness.js), why the connection was closed
// (panels/connection-notice.js), the reports (report.js, with this seat's token) and the way to
// the game's how-to-play page (howto.js); the stage shows the lobby, the game's renderer or the
// end screen.
// Mode "tv" is the big-screen view: it joins as a spectator and shows no hand and no chat box;
// at the end it shows the end screen too (the winner and the standings, in large type).

import { api } from "../api.js";
import { announce } from "../announce.js";
import { TableConnection } from "../connection.js";
import { h, replace, setText } from "../dom.js";
import { errorText } from "../error-text.js";
import { loadRenderer } from "../games/index.js";
import { HowToHint, howToLink } from "../howto.js";
import { t } from "../i18n.js";
import { ChatPanel } from "../panels/chat.js";
import { ConnectionNotice } from "../panels/connection-notice.js";
import { DecksInPlayPanel } from "../panels/decks-in-play.js";
import { LivenessPanel } from "../panels/liveness.js";
import { PlayersPanel } from "../panels/players.js";
import { SeriesPanel } from "../panels/series.js";
import { TimerView } from "../panels/timer.js";
import { openReport } from "../report.js";
import { clientKey, forgetSeat, saveSeat, seatAt } from "../storage.js";
import { EndView } from "./end.js";
import { LobbyView, sharePanel } from "./lobby.js";

/** The connection's state in a word (`status.<state>`); none while it is open. */
function statusText(status) {
  return status === "open" ? "" : t(`status.${status}`);
}

/** Why this tab is no longer at the table (`gone.<reason>`: removed, unauthorized). */
function goneText(reason) {
  return t(["removed", "unauthorized"].includes(reason) ? `gone.${reason}` : "gone.closed");
}

async function tvSeat(code) {
  const stored = seatAt(code, "tv");
  if (stored) return stored;
  let number = 1;
  for (;;) {
    try {
      const joined = await api.join(code, { name: number === 1 ? t("tv.name") : t("tv.nameNumbered", { number }), spectate: true, client: clientKey() });
      saveSeat(code, joined, "tv");
      return joined;
    } catch (error) {
      if (error.code !== "name-taken" || number > 20) throw error;
      number += 1;
    }
  }
}

export function tableScreen(root, { code, mode }) {
  const kind = mode === "tv" ? "tv" : "seat";
  const statusEl = document.getElementById("connection-status");
  const heading = h("h1", { class: "table-title", tabindex: -1, text: t("table.title", { code }) });
  const codeEl = h("p", { class: "table-code" }, t("table.code"), " ", h("strong", { text: code }));
  const roleEl = h("p", { class: "table-role muted" });
  const howToEl = h("p", { class: "table-howto" });
  const howToHint = new HowToHint();
  const leaveButton = h("button", { type: "button", class: "quiet-button", text: t("table.leave"), hidden: kind === "tv" });
  const timer = new TimerView();
  const awayText = h("p");
  const awayBanner = h("div", { class: "banner", role: "region", "aria-label": t("table.away.region"), hidden: true },
    awayText,
    h("button", { type: "button", class: "primary", text: t("table.away.back"), onclick: () => act("table", { type: "back" }) }));
  const connectionNotice = new ConnectionNotice();
  const errorEl = h("p", { class: "action-error", role: "alert" });
  // The last table news (someone away, back, a claim), for a moment; screen readers hear it anyway.
  const newsEl = h("p", { class: "table-news", "aria-hidden": "true", hidden: true });
  const liveness = new LivenessPanel({ tableAct: (action) => act("table", action) });
  const stage = h("section", { class: "stage", "aria-labelledby": "stage-title" });
  const players = new PlayersPanel({
    onKick: (member, ban) => act("table", { type: "kick", member, ban }),
    onHost: (member) => act("table", { type: "transfer-host", member }),
    report: kind === "tv" ? null : report,
  });
  const chat = new ChatPanel({
    send: (text) => act("table", { type: "chat", text }),
    setMode: (mode) => act("table", { type: "settings", chat: mode }),
    report: kind === "tv" ? null : report,
    readOnly: kind === "tv",
  });
  players.element.append(liveness.hostTools);
  const series = new SeriesPanel();
  const decksInPlay = new DecksInPlayPanel();
  const tvShare = kind === "tv" ? sharePanel(code, { tv: true }) : null;
  const side = h("aside", { class: "side", "aria-label": t("table.side") }, players.element, series.element, decksInPlay.element, tvShare || chat.element);
  const screen = h("div", { class: `table-screen mode-${kind}` },
    h("div", { class: "table-bar" }, h("div", { class: "table-bar-text" }, heading, codeEl, roleEl, howToEl), timer.element, leaveButton),
    connectionNotice.element, awayBanner, liveness.banners, howToHint.element, newsEl, errorEl,
    h("div", { class: "table-layout" }, stage, side));
  replace(root, screen);
  heading.focus();

  let conn = null;
  let games = [];
  let renderer = null;
  let rendererFor = null;
  let view = null;
  let viewKind = null;
  const names = new Map();

  let errorTimer = null;
  let newsTimer = null;
  function showNews(text) {
    newsEl.textContent = text;
    newsEl.hidden = false;
    clearTimeout(newsTimer);
    newsTimer = setTimeout(() => { newsEl.hidden = true; }, 10000);
  }
  function showError(text) {
    errorEl.textContent = text;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => { errorEl.textContent = ""; }, 8000);
  }

  function act(kindOfMessage, action) {
    errorEl.textContent = "";
    const sent = kindOfMessage === "play" ? conn.play(action) : conn.table(action);
    return sent.catch((error) => {
      showError(error.message || t("error.unknown"));
      throw error;
    });
  }

  /** `request`: { title, choices: [{kind, target, subject}] } (see report.js). */
  function report(request) {
    return openReport({ code, token: conn.token, ...request });
  }

  function context() {
    const doc = conn.document;
    const table = doc.table;
    const me = table.members.find((m) => m.id === conn.member) || null;
    const seatName = (seat) => {
      const at = table.members.filter((m) => m.seat === seat).map((m) => m.name);
      const had = table.seats[seat] ? table.seats[seat].names : [];
      return at.length ? at.join(" & ") : had.length ? had.join(" & ") : t("table.seat", { number: seat + 1 });
    };
    return {
      code, token: conn.token, table, view: doc.game, member: conn.member, me, seat: me ? me.seat : null,
      isHost: table.host === conn.member, mode: kind, game: games.find((g) => g.id === table.game),
      seatName,
    };
  }

  /** Who left, came back or claimed the game: shown as a line and read out. */
  function livenessNews(ctx, event, name, mine) {
    switch (event.type) {
      case "member-away": return mine ? "" : t("news.away", { name });
      case "member-back": return mine ? "" : t("news.back", { name });
      case "member-seated": return mine ? t("news.seatedYou") : t("news.seated", { name });
      case "seat-away": {
        if (event.seat === ctx.seat) return "";
        const seat = ctx.table.seats[event.seat];
        return t(seat && seat.autopilot ? "news.seatAutopilot" : "news.seatAway", { name: ctx.seatName(event.seat) });
      }
      case "seat-back": return event.seat === ctx.seat ? t("news.seatBackYou") : t("news.seatBack", { name: ctx.seatName(event.seat) });
      case "game-claimed":
        if (event.outcome === "win") return mine ? t("news.claimedYou") : t("news.claimed", { name });
        return mine ? t("news.abandonedYou") : t("news.abandoned", { name });
      default: return "";
    }
  }

  function tableNews(ctx, events) {
    for (const event of events) {
      const name = names.get(event.member) || t("news.someone");
      const mine = event.member === ctx.member;
      const news = livenessNews(ctx, event, name, mine);
      if (news) {
        announce(news, { urgent: event.type === "game-claimed" });
        showNews(news);
      }
      if (event.type === "player-joined" && !mine) announce(t(event.role === "spectator" ? "news.joinedWatching" : "news.joined", { name: event.name }));
      else if (event.type === "player-left" && event.member !== undefined && !mine) {  // not the game's own (a seat)
        announce(t("news.left", { name }));
        showNews(t("news.left", { name }));
      }
      else if (event.type === "player-kicked" && !mine) announce(t(event.ban ? "news.banned" : "news.removed", { name }));
      else if (event.type === "host-changed" && event.member !== null) announce(event.member === ctx.member ? t("news.hostYou") : t("news.host", { name: names.get(event.member) }));
      else if (event.type === "settings-changed" && !ctx.isHost) announce(t("news.settings"));
      else if (event.type === "game-started") announce(t("news.started"));
      else if (event.type === "chat" && !mine) announce(t("news.chat", { name: event.name, text: event.text }));
      else if (event.type === "seat-away" && event.seat === ctx.seat) announce(t("news.markedAway"), { urgent: true });
      else if (event.type === "card-written" && !mine) announce(t(event.color === "black" ? "news.wroteBlack" : "news.wroteWhite", { name }));
    }
  }

  async function render(events, welcome) {
    const ctx = context();
    for (const m of ctx.table.members) names.set(m.id, m.name);
    if (!welcome) tableNews(ctx, events);
    setText(heading, ctx.table.name);
    document.title = `${ctx.table.name} · cardtable`;
    setText(roleEl, kind === "tv" ? t("tv.name") : ctx.me && ctx.me.role === "spectator" ? t("table.watching") : ctx.isHost ? t("lobby.host") : "");
    const mySeat = ctx.seat !== null ? ctx.table.seats[ctx.seat] : null;
    const away = Boolean(mySeat && mySeat.away);
    awayBanner.hidden = !away || kind === "tv";
    setText(awayText, t(mySeat && mySeat.autopilot ? "table.away.autopilot" : "table.away.skipped"));
    liveness.update(ctx);
    if (kind !== "tv" && ctx.game) {
      if (!howToEl.firstChild) replace(howToEl, howToLink(ctx.game));
      howToHint.update(ctx.game);
    }
    if (ctx.table.game !== rendererFor) {
      rendererFor = ctx.table.game;
      const make = await loadRenderer(ctx.table.game);
      renderer = make({ act: (action) => act("play", action), hostAction: (action) => act("table", { type: "host-action", action }), report, mode: kind });
    }
    if (ctx.view) renderer.update(ctx, welcome ? [] : events);
    const mine = ctx.seat !== null && ctx.view ? renderer.seatInfo(ctx.seat) : null;
    timer.update(ctx.table.status === "playing" ? ctx.table.deadline : null, Boolean(mine && mine.active));
    if (tvShare) tvShare.hidden = ctx.table.status === "lobby";
    players.update(ctx, renderer);
    series.update(ctx, welcome);
    decksInPlay.update(ctx);
    chat.update(ctx);
    showStage(ctx);
  }

  /** Show the lobby, the game or the end. On a change, someone whose focus was on the old
   *  stage (not typing in the chat) is taken to the new stage's title. */
  function showStage(ctx) {
    const wanted = ctx.table.status === "lobby" ? "lobby" : ctx.table.status === "ended" ? "end" : "game";
    if (wanted === viewKind) {
      view.update(ctx);
      return;
    }
    const focusHere = viewKind !== null && (stage.contains(document.activeElement) || document.activeElement === document.body);
    if (view && view.destroy) view.destroy();
    viewKind = wanted;
    view = wanted === "lobby" ? new LobbyView({ tableAct: (action) => act("table", action) })
      : wanted === "end" ? new EndView({ tableAct: (action) => act("table", action), renderer })
        : { element: renderer.element, update() {} };
    replace(stage, view.element);
    view.update(ctx);
    const title = stage.querySelector("#stage-title");
    if (focusHere && title) {
      title.tabIndex = -1;
      title.focus();
      window.scrollTo(0, 0);
    }
  }

  let leaving = false;
  function leave() {
    if (!window.confirm(t("table.leaveConfirm"))) return;
    leaving = true;
    act("table", { type: "leave" }).catch(() => null).finally(() => {
      forgetSeat(code);
      location.hash = "#/";
    });
  }
  leaveButton.addEventListener("click", leave);

  function gone(reason) {
    forgetSeat(code, kind);
    if (leaving) return;
    replace(stage, h("div", { class: "panel" },
      h("h2", { id: "stage-title", text: t("gone.title") }),
      h("p", { text: goneText(reason) }),
      h("a", { href: "#/", class: "button primary", text: t("common.backHome") })));
    viewKind = "gone";
    announce(goneText(reason), { urgent: true });
  }

  async function start() {
    try {
      games = await api.games();
      const seat = kind === "tv" ? await tvSeat(code) : seatAt(code);
      conn = new TableConnection(code, seat.token);
      // Renders run one after another: the first one may wait for the game's renderer module.
      let queue = Promise.resolve();
      conn.addEventListener("change", (event) => {
        const { events, welcome } = event.detail;
        queue = queue.then(() => render(events, welcome)).catch((error) => console.error(error));
      });
      conn.addEventListener("status", (event) => {
        statusEl.dataset.state = event.detail.status;
        setText(statusEl, statusText(event.detail.status));
        connectionNotice.update(event.detail.status, event.detail.reason);
      });
      conn.addEventListener("closed", (event) => gone(event.detail.reason));
      conn.addEventListener("servererror", (event) => showError(errorText(event.detail)));
      conn.start();
    } catch (error) {
      replace(stage, h("div", { class: "panel" }, h("h2", { id: "stage-title", text: t("table.cannotOpen") }),
        h("p", { text: error.code ? error.message : t("error.unknown") }), h("a", { href: "#/", class: "button primary", text: t("common.home") })));
    }
  }
  start();

  return {
    destroy() {
      if (conn) conn.stop();
      timer.destroy();
      connectionNotice.destroy();
      liveness.destroy();
      if (view && view.destroy) view.destroy();
      clearTimeout(errorTimer);
      clearTimeout(newsTimer);
      if (renderer) renderer.destroy();
      setText(statusEl, "");
      delete statusEl.dataset.state;
      document.title = "cardtable";
    },
  };
}
