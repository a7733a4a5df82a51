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
import { loadRenderer } from "../games/index.js";
import { HowToHint, howToLink } from "../howto.js";
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

const STATUS_TEXT = { connecting: "Connecting…", reconnecting: "Reconnecting…", open: "", closed: "Disconnected" };
const GONE_TEXT = {
  removed: "The host removed you from this table.",
  unauthorized: "This seat is no longer yours (you left, or the table no longer exists).",
};

async function tvSeat(code) {
  const stored = seatAt(code, "tv");
  if (stored) return stored;
  let number = 1;
  for (;;) {
    try {
      const joined = await api.join(code, { name: number === 1 ? "Big screen" : `Big screen ${number}`, spectate: true, client: clientKey() });
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
  const heading = h("h1", { class: "table-title", tabindex: -1, text: "Table " + code });
  const codeEl = h("p", { class: "table-code" }, "Code ", h("strong", { text: code }));
  const roleEl = h("p", { class: "table-role muted" });
  const howToEl = h("p", { class: "table-howto" });
  const howToHint = new HowToHint();
  const leaveButton = h("button", { type: "button", class: "quiet-button", text: "Leave table", hidden: kind === "tv" });
  const timer = new TimerView();
  const awayText = h("p");
  const awayBanner = h("div", { class: "banner", role: "region", "aria-label": "Away", hidden: true },
    awayText,
    h("button", { type: "button", class: "primary", text: "I'm back", onclick: () => act("table", { type: "back" }) }));
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
  const side = h("aside", { class: "side", "aria-label": "Players and chat" }, players.element, series.element, decksInPlay.element, tvShare || chat.element);
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
      showError(error.message || "That did not work.");
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
      return at.length ? at.join(" & ") : had.length ? had.join(" & ") : `Seat ${seat + 1}`;
    };
    return {
      code, token: conn.token, table, view: doc.game, member: conn.member, me, seat: me ? me.seat : null,
      isHost: table.host === conn.member, mode: kind, game: games.find((g) => g.id === table.game),
      seatName,
    };
  }

  /** Who left, came back or claimed the game: shown as a line and read out. */
  function livenessNews(ctx, event, name, mine) {
    const seatName = (seat) => (seat === ctx.seat ? "You" : ctx.seatName(seat));
    switch (event.type) {
      case "member-away": return mine ? "" : `${name} is away.`;
      case "member-back": return mine ? "" : `${name} is back.`;
      case "member-seated": return mine ? "You took a seat." : `${name} took a seat.`;
      case "seat-away": {
        if (event.seat === ctx.seat) return "";
        const seat = ctx.table.seats[event.seat];
        return seat && seat.autopilot
          ? `${seatName(event.seat)} is away: the table plays their moves for now.`
          : `${seatName(event.seat)} is away: the game goes on without waiting for them.`;
      }
      case "seat-back": return event.seat === ctx.seat ? "You are back in the game." : `${seatName(event.seat)} is back in the game.`;
      case "game-claimed":
        if (event.outcome === "win") return mine ? "You claimed the win." : `${name} claimed the win: everyone else was away.`;
        return mine ? "You ended the game without a result." : `${name} ended the game without a result: everyone else was away.`;
      default: return "";
    }
  }

  function tableNews(ctx, events) {
    for (const event of events) {
      const name = names.get(event.member) || "Someone";
      const mine = event.member === ctx.member;
      const news = livenessNews(ctx, event, name, mine);
      if (news) {
        announce(news, { urgent: event.type === "game-claimed" });
        showNews(news);
      }
      if (event.type === "player-joined" && !mine) announce(`${event.name} joined${event.role === "spectator" ? " to watch" : ""}.`);
      else if (event.type === "player-left" && event.member !== undefined && !mine) {  // not the game's own (a seat)
        announce(`${name} left.`);
        showNews(`${name} left.`);
      }
      else if (event.type === "player-kicked" && !mine) announce(`${name} was removed${event.ban ? " and banned" : ""}.`);
      else if (event.type === "host-changed" && event.member !== null) announce(event.member === ctx.member ? "You are now the host." : `${names.get(event.member)} is now the host.`);
      else if (event.type === "settings-changed" && !ctx.isHost) announce("The host changed the settings.");
      else if (event.type === "game-started") announce("The game has started.");
      else if (event.type === "chat" && !mine) announce(`${event.name} says: ${event.text}`);
      else if (event.type === "seat-away" && event.seat === ctx.seat) announce("You were marked away.", { urgent: true });
      else if (event.type === "card-written" && !mine) announce(`${name} wrote a ${event.color} card.`);
    }
  }

  async function render(events, welcome) {
    const ctx = context();
    for (const m of ctx.table.members) names.set(m.id, m.name);
    if (!welcome) tableNews(ctx, events);
    setText(heading, ctx.table.name);
    document.title = `${ctx.table.name} · cardtable`;
    setText(roleEl, kind === "tv" ? "Big screen" : ctx.me && ctx.me.role === "spectator" ? "You are watching" : ctx.isHost ? "You are the host" : "");
    const mySeat = ctx.seat !== null ? ctx.table.seats[ctx.seat] : null;
    const away = Boolean(mySeat && mySeat.away);
    awayBanner.hidden = !away || kind === "tv";
    setText(awayText, mySeat && mySeat.autopilot
      ? "You were marked away: the table plays your moves for you until you are back."
      : "You were marked away, so the table plays on without you.");
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
    if (!window.confirm("Leave this table? Your seat will be given up.")) return;
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
      h("h2", { id: "stage-title", text: "You are no longer at this table" }),
      h("p", { text: GONE_TEXT[reason] || "The connection was closed." }),
      h("a", { href: "#/", class: "button primary", text: "Back to the home screen" })));
    viewKind = "gone";
    announce(GONE_TEXT[reason] || "The connection was closed.", { urgent: true });
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
        setText(statusEl, STATUS_TEXT[event.detail.status]);
        connectionNotice.update(event.detail.status, event.detail.reason);
      });
      conn.addEventListener("closed", (event) => gone(event.detail.reason));
      conn.addEventListener("servererror", (event) => showError(event.detail.message));
      conn.start();
    } catch (error) {
      replace(stage, h("div", { class: "panel" }, h("h2", { id: "stage-title", text: "Cannot open this table" }),
        h("p", { text: error.message || String(error) }), h("a", { href: "#/", class: "button primary", text: "Home" })));
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
