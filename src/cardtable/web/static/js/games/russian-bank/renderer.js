// games/russian-bank/renderer.js: the Russian Bank table. It draws both players' stock, hand,
// turned card and discard pile, the eight foundations and the fanned layout; you move a card by
// dragging it, by clicking it then its destination, or from the keyboard (Tab to a pile, Enter
// to pick, Enter on a highlighted pile to drop). It shows the Stop! call open to you (with the
// error it punishes), draw offers, the passes through each hand and the match score, and it
// tells screen readers your turn and each move of the opponent. Turning up, ending the turn,
// cancelling a pick and Stop! are in the bottom bar (scaffold.js ActionBar). What you may do
// comes from the server (`view.you.can`): this file holds no rule of the game. See games/index.js.

import { announce } from "../../announce.js";
import { h, replace, setText, syncList } from "../../dom.js";
import { t } from "../../i18n.js";
import { ActionBar, GameRenderer } from "../scaffold.js";
import { cardBack, cardFace, cardName } from "./cards.js";
import { enableDrag } from "./drag.js";
import { historyList } from "./history.js";
import { playsOf, topOf } from "./piles.js";
import { END_REASONS, eventNews, pileName, stopRule } from "./words.js";

const OWN_KINDS = ["stock", "hand", "turned", "discard"];
/** The name under a seat's pile that shows its count. */
const SHORT_NAMES = { stock: "game.russian-bank.short.stock", hand: "game.russian-bank.short.hand", discard: "game.russian-bank.short.discard" };

export function createRenderer(host) {
  return new RussianBankRenderer(host);
}

class RussianBankRenderer extends GameRenderer {
  constructor(host) {
    super(host, END_REASONS);
    this.picked = null;
    this.dragging = false;
    this.plays = playsOf(null, null);
    this.before = null; // the public view before the latest step: a stop's snapshot
    this.snapshot = null;
    this.placedFor = undefined;

    this.title = h("h2", { id: "stage-title", class: "rb-title" });
    this.status = h("p", { class: "rb-status" });
    this.hint = h("p", { class: "rb-hint", id: "rb-hint" });
    this.stopText = h("p", { class: "rb-stop-text" });
    this.stopButtons = [];
    this.stopBar = h("section", { class: "rb-alert", "aria-label": t("game.russian-bank.ui.stop"), hidden: true }, this.stopText);
    this.drawText = h("p", { text: "" });
    this.drawBar = h("section", { class: "rb-alert", "aria-label": t("game.russian-bank.ui.draw-offer"), hidden: true }, this.drawText,
      h("div", { class: "rb-buttons" },
        h("button", { type: "button", class: "primary", text: t("game.russian-bank.ui.accept-draw"), onclick: () => this.send({ type: "accept-draw" }) }),
        h("button", { type: "button", class: "secondary", text: t("game.russian-bank.ui.decline"), onclick: () => this.send({ type: "decline-draw" }, t("game.russian-bank.done.declined")) })));

    this.piles = new Map();
    for (const kind of ["centre", "layout"]) for (let i = 0; i < 8; i += 1) this.pileButton(`${kind}:${i}`);
    for (const kind of OWN_KINDS) for (const seat of [0, 1]) this.pileButton(`${kind}:${seat}`);

    this.centre = h("div", { class: "rb-centre", role: "group", "aria-label": t("game.russian-bank.ui.foundations") });
    this.layoutMine = h("div", { class: "rb-layout", role: "group" });
    this.layoutTheirs = h("div", { class: "rb-layout", role: "group" });
    this.theirZone = h("div", { class: "rb-seat rb-theirs", role: "group" });
    this.myZone = h("div", { class: "rb-seat rb-mine", role: "group" });
    this.theirCaption = h("p", { class: "rb-seat-name" });
    this.myCaption = h("p", { class: "rb-seat-name" });

    const button = (text, onclick) => h("button", { type: "button", class: "secondary", text, onclick });
    this.turnStockButton = button(t("game.russian-bank.ui.turn-stock"), () => this.turnUp("stock"));
    this.turnHandButton = button(t("game.russian-bank.ui.turn-hand"), () => this.turnUp("hand"));
    this.endTurnButton = h("button", { type: "button", class: "primary", text: t("game.russian-bank.ui.end-turn"), onclick: () => this.endTurn() });
    this.cancelButton = button(t("game.russian-bank.ui.cancel"), () => this.unpick(true));
    this.spreadButton = button("", () => this.toggleSpread());
    this.drawButton = button(t("game.russian-bank.ui.offer-draw"), () => this.send({ type: "offer-draw" }, t("game.russian-bank.done.offered")));
    this.resignButton = h("button", { type: "button", class: "quiet-button", text: t("game.russian-bank.ui.resign"),
      onclick: () => window.confirm(t("game.russian-bank.ui.resign-confirm")) && this.send({ type: "resign" }) });
    this.controls = h("div", { class: "rb-buttons rb-controls" }, this.spreadButton, this.drawButton, this.resignButton);
    this.bar = new ActionBar();
    this.discards = h("div", { class: "rb-discards" });

    this.board = h("div", { class: "rb-board" }, this.theirZone,
      h("div", { class: "rb-middle" }, this.layoutMine, this.centre, this.layoutTheirs), this.myZone);
    this.element = h("div", { class: `rb mode-${host.mode}` },
      h("div", { class: "rb-head" }, this.title, this.status), this.stopBar, this.drawBar, this.board,
      h("div", { class: "rb-actions" }, this.hint, this.controls,
        h("p", { class: "muted rb-keys", text: t("game.russian-bank.ui.keys") })),
      this.discards, this.bar.element);
    this.mount(this.element, this.title);

    // While a card is dragged the bar stays as it was: a Cancel button popping up there would
    // cover the piles along the screen's bottom edge, your own, just as the card arrives over
    // them (letting go anywhere else cancels a drag).
    enableDrag(this.board, {
      canDrag: (id) => !this.busy && this.plays.moves.has(id),
      start: (id) => {
        this.dragging = true;
        this.pick(id, false);
      },
      drop: (from, to) => {
        this.dragging = false;
        if (this.targetOf(to)) this.move(from, to);
        else this.refuse(to);
      },
      cancel: () => {
        this.dragging = false;
        this.unpick(false);
      },
    });
  }

  destroy() {
    super.destroy();
    this.bar.destroy();
  }

  pileButton(id) {
    const button = h("button", { type: "button", class: "rb-pile", "data-pile": id, "aria-describedby": "rb-hint", onclick: () => this.clicked(id) },
      h("span", { class: "rb-fan" }), h("span", { class: "rb-pile-name", "aria-hidden": "true" }));
    this.piles.set(id, button);
    return button;
  }

  // -- the seam -----------------------------------------------------------------------------

  seatInfo(seat) {
    const pub = this.ctx && this.ctx.view && this.ctx.view.public;
    if (!pub || !pub.players[seat]) return null;
    const player = pub.players[seat];
    const left = player.stock.count + player.hand.count + player.discard.count + (player.turned ? 1 : 0);
    const tags = [t("game.russian-bank.tag.left", { count: left }), t("game.russian-bank.tag.passes", { count: player.passes })];
    const active = pub.draw_offer !== null ? pub.draw_offer !== seat : pub.turn === seat;
    if (active) tags.unshift(t(pub.draw_offer !== null ? "game.russian-bank.tag.answering" : "game.russian-bank.tag.on-turn"));
    return { score: pub.points[seat], tags, active };
  }

  headline(result, ctx) {
    if (!result.winners.length) return t("game.russian-bank.end.nobody");
    const match = result.reason === "match";
    const seat = result.winners[0];
    if (seat === ctx.seat) return t(match ? "game.russian-bank.end.you-win-match" : "game.russian-bank.end.you-win");
    return t(match ? "game.russian-bank.end.wins-match" : "game.russian-bank.end.wins", { name: ctx.seatName(seat) });
  }

  history(data, gameNumber, ctx) {
    return historyList(data, gameNumber, ctx.seatName);
  }

  // -- drawing ------------------------------------------------------------------------------

  get me() {
    return this.ctx.seat;
  }

  /** The seat drawn at the bottom: yours, or seat 0 for someone watching. */
  get near() {
    return this.ctx.seat === null ? 0 : this.ctx.seat;
  }

  /** Whose piles: null for yours, else the seat's name (words.js pileName). */
  whose(seat) {
    return seat === this.me ? null : this.ctx.seatName(seat);
  }

  update(ctx, events) {
    const first = this.ctx === null;
    this.ctx = ctx;
    const pub = ctx.view.public;
    const you = ctx.view.you;
    if (you && you.stop && !this.snapshot) this.snapshot = this.before;
    if (!(you && you.stop)) this.snapshot = null;
    this.before = structuredClone(pub);
    this.plays = playsOf(ctx.view, ctx.mode === "tv" ? null : ctx.seat);
    if (this.picked && !this.plays.moves.has(this.picked)) this.picked = null;
    this.place();
    this.drawPiles();
    this.drawHead();
    this.drawStop();
    this.drawDraw();
    this.drawControls();
    this.drawDiscards();
    this.news(events);
    if (first && pub.turn === ctx.seat && pub.draw_offer === null) announce(t("game.russian-bank.your-turn"), { urgent: true });
  }

  /** Puts the piles in their zones: yours at the bottom, your layout piles on the left. */
  place() {
    const near = this.near;
    if (this.placedFor === near) return;
    this.placedFor = near;
    const far = 1 - near;
    const pile = (id) => this.piles.get(id);
    const zone = (seat) => h("div", { class: "rb-zone" }, OWN_KINDS.map((kind) => pile(`${kind}:${seat}`)));
    replace(this.theirZone, this.theirCaption, zone(far));
    replace(this.myZone, this.myCaption, zone(near));
    replace(this.centre, [0, 1, 2, 3, 4, 5, 6, 7].map((i) => pile(`centre:${i}`)));
    replace(this.layoutMine, [0, 1, 2, 3].map((i) => pile(`layout:${near * 4 + i}`)));
    replace(this.layoutTheirs, [0, 1, 2, 3].map((i) => pile(`layout:${far * 4 + i}`)));
  }

  drawPiles() {
    const pub = this.ctx.view.public;
    const targets = this.picked ? this.plays.moves.get(this.picked) : [];
    for (const [id, button] of this.piles) {
      const [kind, index] = id.split(":");
      const n = Number(index);
      const { faces, words } = this.contents(pub, kind, n);
      replace(button.firstElementChild, faces);
      const target = targets.find((option) => option.to === id);
      const source = this.plays.moves.has(id);
      const turnable = (id === `stock:${this.me}` && this.plays.turnStock) || (id === `hand:${this.me}` && this.plays.turnHand);
      // The spoken name starts with the label shown under the pile (as voice control users
      // say it); a seat's pile adds whose it is, which only its place on the table shows.
      const label = this.shortName(pub, kind, n);
      const owner = kind === "centre" || kind === "layout" ? "" : `${pileName(id, (s) => this.whose(s))}, `;
      setText(button.lastElementChild, label);
      if (kind === "layout") button.style.setProperty("--n", String(pub.layout[n].length));
      button.classList.toggle("is-source", source);
      button.classList.toggle("is-turnable", Boolean(turnable));
      button.classList.toggle("is-target", Boolean(target));
      button.classList.toggle("is-risky", Boolean(target && target.stop));
      button.classList.toggle("is-empty", !faces.length);
      button.classList.toggle("is-layout", kind === "layout");
      button.setAttribute("aria-pressed", String(this.picked === id));
      const extra = target ? t(target.stop ? "game.russian-bank.pile.target-risky" : "game.russian-bank.pile.target", { rule: target.stop ? stopRule(target.stop) : "" })
        : source ? t("game.russian-bank.pile.source") : turnable ? t("game.russian-bank.pile.turnable") : "";
      button.setAttribute("aria-label", `${label}: ${owner}${words}${extra ? `, ${extra}` : ""}`);
      button.hidden = kind === "turned" && !faces.length;
    }
  }

  /** The name under a pile: the kind, with the count of a seat's pile. */
  shortName(pub, kind, n) {
    if (kind === "centre") return t("game.russian-bank.short.foundation", { number: n + 1 });
    if (kind === "layout") return t("game.russian-bank.short.layout", { number: n + 1 });
    if (kind === "turned") return t("game.russian-bank.short.turned");
    const count = pub.players[n][kind].count;
    return `${t(SHORT_NAMES[kind])} · ${count}`;
  }

  /** What a pile shows (card faces, bottom to top) and says. */
  contents(pub, kind, n) {
    if (kind === "centre" || kind === "layout") {
      const cards = pub[kind][n];
      const shown = kind === "centre" ? cards.slice(-1) : cards;
      const words = !cards.length ? t(kind === "centre" ? "game.russian-bank.pile.empty-foundation" : "game.russian-bank.pile.empty-space")
        : kind === "centre" ? t("game.russian-bank.pile.up-to", { card: cardName(cards.at(-1)) })
          : t("game.russian-bank.pile.fan", { count: cards.length, cards: cards.map(cardName).join(", ") });
      return { faces: shown.map(cardFace), words };
    }
    const player = pub.players[n];
    if (kind === "turned") return { faces: player.turned ? [cardFace(player.turned)] : [], words: player.turned ? cardName(player.turned) : t("game.russian-bank.pile.none") };
    if (kind === "hand") {
      const count = player.hand.count;
      return { faces: count ? [cardBack(n, count)] : [], words: count ? t("game.russian-bank.pile.face-down", { count }) : t("game.russian-bank.pile.empty") };
    }
    const pile = player[kind];
    if (!pile.count) return { faces: [], words: t("game.russian-bank.pile.empty") };
    const top = topOf(pub, `${kind}:${n}`);
    const faces = top ? [...(pile.count > 1 ? [cardBack(n)] : []), cardFace(top)] : [cardBack(n, pile.count)];
    const words = top ? t("game.russian-bank.pile.on-top", { count: pile.count, card: cardName(top) }) : t("game.russian-bank.pile.face-down", { count: pile.count });
    return { faces, words };
  }

  drawHead() {
    const { view, seat } = this.ctx;
    const pub = view.public;
    const rules = pub.rules;
    const far = 1 - this.near;
    const over = this.ctx.table.status !== "playing";
    let title = t("game.russian-bank.title.turn", { name: this.ctx.seatName(pub.turn) });
    if (over) title = t("game.russian-bank.title.over");
    else if (pub.turn === seat) title = t("game.russian-bank.your-turn-title");
    setText(this.title, title);
    const parts = [t(rules.mode === "classic" ? "game.russian-bank.status.classic" : "game.russian-bank.status.assisted")];
    if (rules.deals > 1) parts.push(t("game.russian-bank.status.deal", { deal: pub.deal, count: rules.deals }));
    if (rules.target) parts.push(t("game.russian-bank.status.target", { count: rules.target }));
    parts.push(t("game.russian-bank.status.score", { near: this.name(this.near), nearPoints: pub.points[this.near], far: this.ctx.seatName(far), farPoints: pub.points[far] }));
    setText(this.status, parts.join(" · "));
    for (const [caption, s] of [[this.myCaption, this.near], [this.theirCaption, far]]) {
      const player = pub.players[s];
      setText(caption, [s === seat ? t("game.common.you") : this.ctx.seatName(s), t("game.russian-bank.caption.passes", { count: player.passes }),
        t("game.russian-bank.caption.points", { count: pub.points[s] })].join(" · "));
    }
    const piles = (s) => (this.whose(s) === null ? t("game.russian-bank.zone.yours") : t("game.russian-bank.zone.theirs", { name: this.whose(s) }));
    const side = (s) => (this.whose(s) === null ? t("game.russian-bank.zone.layout.yours") : t("game.russian-bank.zone.layout.theirs", { name: this.whose(s) }));
    this.theirZone.setAttribute("aria-label", piles(far));
    this.myZone.setAttribute("aria-label", piles(this.near));
    this.layoutMine.setAttribute("aria-label", side(this.near));
    this.layoutTheirs.setAttribute("aria-label", side(far));
  }

  /** The Stop! calls `can` offers; a call that makes the offender play names the card as it
   *  lay before the error (the public view from just before it). */
  drawStop() {
    const you = this.ctx.view.you;
    const rule = you && you.stop;
    const calls = you && you.can.stop;
    this.stopBar.hidden = !rule || !calls || this.ctx.mode === "tv";
    this.stopButtons = [];
    if (this.stopBar.hidden) return;
    const offender = 1 - this.me;
    setText(this.stopText, t("game.russian-bank.stop.broke", { name: this.ctx.seatName(offender), rule: stopRule(rule) }));
    const whose = (s) => this.whose(s);
    const buttons = calls.plain ? [h("button", { type: "button", class: "primary rb-stop", text: t("game.russian-bank.stop.call"), onclick: () => this.send({ type: "stop" }) })] : [];
    for (const play of calls.forced) {
      const card = this.snapshot && topOf(this.snapshot, play.from);
      const to = pileName(play.to, whose);
      buttons.push(h("button", { type: "button", class: "secondary rb-stop", onclick: () => this.send({ type: "stop", ...play }),
        text: card ? t("game.russian-bank.stop.force-card", { card: cardName(card), to }) : t("game.russian-bank.stop.force-pile", { from: pileName(play.from, whose), to }) }));
    }
    this.stopButtons = buttons;
  }

  drawDraw() {
    const pub = this.ctx.view.public;
    const offer = pub.draw_offer;
    const you = this.ctx.view.you;
    this.drawBar.hidden = !(you && you.can.answer_draw) || this.ctx.mode === "tv";
    setText(this.drawText, offer === null ? "" : t("game.russian-bank.ui.draw-offered", { name: this.ctx.seatName(offer) }));
  }

  drawControls() {
    const pub = this.ctx.view.public;
    const seated = this.me !== null && this.ctx.mode !== "tv" && this.ctx.table.status === "playing";
    this.controls.hidden = !seated;
    if (!seated) {
      setText(this.hint, "");
      this.bar.hide();
      return;
    }
    const plays = this.plays;
    const can = this.ctx.view.you.can;
    const myTurn = pub.turn === this.me && pub.draw_offer === null;
    this.turnStockButton.hidden = !plays.turnStock;
    this.turnHandButton.hidden = !plays.turnHand;
    this.endTurnButton.hidden = !plays.endTurn;
    this.cancelButton.hidden = !this.picked || this.dragging;
    this.drawButton.hidden = !can.offer_draw;
    this.spreadButton.hidden = !can.spread && !can.square;
    this.resignButton.hidden = !can.resign;
    setText(this.spreadButton, t(can.square ? "game.russian-bank.ui.square" : "game.russian-bank.ui.spread"));
    for (const button of [this.turnStockButton, this.turnHandButton, this.endTurnButton]) button.disabled = this.busy;
    setText(this.hint, this.hintText(myTurn));
    this.bar.show([...this.stopButtons, this.turnStockButton, this.turnHandButton, this.endTurnButton, this.cancelButton]);
  }

  hintText(myTurn) {
    if (!myTurn) return t(this.ctx.view.public.draw_offer === this.me ? "game.russian-bank.hint.draw-wait" : "game.russian-bank.hint.wait");
    if (this.picked) {
      const card = topOf(this.ctx.view.public, this.picked);
      const count = this.plays.moves.get(this.picked).length;
      return t("game.russian-bank.hint.picked", { card: cardName(card), count });
    }
    if (this.plays.moves.size) return t("game.russian-bank.hint.pick");
    if (this.plays.turnStock) return t("game.russian-bank.hint.turn-stock");
    if (this.plays.turnHand) return t("game.russian-bank.hint.turn-hand");
    if (this.plays.endTurn) return t("game.russian-bank.hint.end-turn");
    return t("game.russian-bank.hint.none");
  }

  /** Your discards (yours to look at, RB-16) and any spread by their owner; kept in place
   *  between updates so an opened list stays open. */
  drawDiscards() {
    const pub = this.ctx.view.public;
    const you = this.ctx.view.you;
    const lists = [];
    if (you && you.discard.length) {
      const shown = pub.players[this.me].discard.spread ? "game.russian-bank.discards.own-spread" : "game.russian-bank.discards.own";
      lists.push({ key: "own", label: t(shown), cards: you.discard });
    }
    for (const seat of [0, 1].filter((s) => s !== this.me && pub.players[s].discard.spread)) {
      lists.push({ key: `spread-${seat}`, label: t("game.russian-bank.discards.theirs", { name: this.ctx.seatName(seat) }), cards: pub.players[seat].discard.spread });
    }
    syncList(this.discards, lists, (list) => list.key,
      () => h("details", { class: "rb-discard-list" }, h("summary"), h("p", { class: "rb-row" })),
      (details, list) => {
        setText(details.firstElementChild, `${list.label} (${list.cards.length})`);
        replace(details.lastElementChild, list.cards.map(cardFace), h("span", { class: "visually-hidden", text: list.cards.map(cardName).join(", ") }));
      });
  }

  // -- acting -------------------------------------------------------------------------------

  targetOf(to) {
    return this.picked ? this.plays.moves.get(this.picked).find((t) => t.to === to) : undefined;
  }

  clicked(id) {
    if (this.busy || this.ctx.mode === "tv") return;
    if (this.picked === id) this.unpick(true);
    else if (this.targetOf(id)) this.move(this.picked, id);
    else if (this.plays.moves.has(id)) this.pick(id, true);
    else if (id === `stock:${this.me}` && this.plays.turnStock) this.turnUp("stock");
    else if (id === `hand:${this.me}` && this.plays.turnHand) this.turnUp("hand");
    else if (this.picked) this.refuse(id);
  }

  /** `say`: picked by a click or a key (not a drag), which also brings the card's
   *  destinations out from under the action bar that its Cancel button has just shown. */
  pick(id, say) {
    this.picked = id;
    this.drawPiles();
    this.drawControls();
    if (!say) return;
    this.bar.uncover(this.plays.moves.get(id).map((target) => this.piles.get(target.to)));
    announce(this.hint.textContent);
  }

  unpick(say) {
    if (!this.picked) return;
    this.picked = null;
    this.drawPiles();
    this.drawControls();
    if (say) announce(t("game.russian-bank.done.cancelled"));
  }

  refuse(to) {
    const card = topOf(this.ctx.view.public, this.picked);
    announce(t("game.russian-bank.done.refused", { card: cardName(card), to: pileName(to, (s) => this.whose(s)) }));
    this.unpick(false);
  }

  move(from, to) {
    const card = topOf(this.ctx.view.public, from);
    this.picked = null;
    this.send({ type: "move", from, to }, t("game.russian-bank.done.moved", { card: cardName(card), to: pileName(to, (s) => this.whose(s)) }));
  }

  turnUp(kind) {
    if ((kind === "stock" ? this.plays.turnStock : this.plays.turnHand)) this.send({ type: "turn", pile: `${kind}:${this.me}` });
  }

  endTurn() {
    if (this.plays.endTurn) this.send({ type: "end-turn" }, t("game.russian-bank.done.ended"));
  }

  toggleSpread() {
    const square = this.ctx.view.you.can.square;
    this.send({ type: square ? "square" : "spread" }, t(square ? "game.russian-bank.done.squared" : "game.russian-bank.done.spread"));
  }

  drawBusy(taken) {
    if (this.busy) this.board.setAttribute("aria-busy", "true");
    else this.board.removeAttribute("aria-busy");
    if (taken !== undefined) this.drawPiles();
    this.drawControls();
  }

  shortcut(event) {
    const keys = { Escape: () => this.unpick(true), s: () => this.turnUp("stock"), h: () => this.turnUp("hand"), e: () => this.endTurn() };
    const run = keys[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!run) return;
    event.preventDefault();
    run();
  }

  // -- what screen readers hear ---------------------------------------------------------------

  news(events) {
    const words = { me: this.me, name: (s) => this.name(s), whose: (s) => this.whose(s) };
    for (const event of events) {
      const news = eventNews(event, words);
      if (news) announce(news.text, { urgent: news.urgent });
      if (event.type === "turned" && event.seat === this.me) announce(t("game.russian-bank.done.turned", { card: cardName(event.card) }));
    }
  }
}
