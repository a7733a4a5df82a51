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
import { ActionBar, GameRenderer, plural } from "../scaffold.js";
import { cardBack, cardFace, cardName } from "./cards.js";
import { enableDrag } from "./drag.js";
import { historyList } from "./history.js";
import { playsOf, topOf } from "./piles.js";
import { END_REASONS, STOP_RULES, eventNews, pileName } from "./words.js";

const OWN_KINDS = ["stock", "hand", "turned", "discard"];

export function createRenderer(host) {
  return new RussianBankRenderer(host);
}

class RussianBankRenderer extends GameRenderer {
  constructor(host) {
    super(host, END_REASONS);
    this.picked = null;
    this.plays = playsOf(null, null);
    this.before = null; // the public view before the latest step: a stop's snapshot
    this.snapshot = null;
    this.placedFor = undefined;

    this.title = h("h2", { id: "stage-title", class: "rb-title" });
    this.status = h("p", { class: "rb-status" });
    this.hint = h("p", { class: "rb-hint", id: "rb-hint" });
    this.stopText = h("p", { class: "rb-stop-text" });
    this.stopButtons = [];
    this.stopBar = h("section", { class: "rb-alert", "aria-label": "Stop", hidden: true }, this.stopText);
    this.drawText = h("p", { text: "" });
    this.drawBar = h("section", { class: "rb-alert", "aria-label": "Draw offer", hidden: true }, this.drawText,
      h("div", { class: "rb-buttons" },
        h("button", { type: "button", class: "primary", text: "Accept the draw", onclick: () => this.send({ type: "accept-draw" }) }),
        h("button", { type: "button", class: "secondary", text: "Decline", onclick: () => this.send({ type: "decline-draw" }, "Draw declined.") })));

    this.piles = new Map();
    for (const kind of ["centre", "layout"]) for (let i = 0; i < 8; i += 1) this.pileButton(`${kind}:${i}`);
    for (const kind of OWN_KINDS) for (const seat of [0, 1]) this.pileButton(`${kind}:${seat}`);

    this.centre = h("div", { class: "rb-centre", role: "group", "aria-label": "Foundations" });
    this.layoutMine = h("div", { class: "rb-layout", role: "group" });
    this.layoutTheirs = h("div", { class: "rb-layout", role: "group" });
    this.theirZone = h("div", { class: "rb-seat rb-theirs", role: "group" });
    this.myZone = h("div", { class: "rb-seat rb-mine", role: "group" });
    this.theirCaption = h("p", { class: "rb-seat-name" });
    this.myCaption = h("p", { class: "rb-seat-name" });

    const button = (text, onclick) => h("button", { type: "button", class: "secondary", text, onclick });
    this.turnStockButton = button("Turn up stock (S)", () => this.turnUp("stock"));
    this.turnHandButton = button("Turn up hand (H)", () => this.turnUp("hand"));
    this.endTurnButton = h("button", { type: "button", class: "primary", text: "End turn (E)", onclick: () => this.endTurn() });
    this.cancelButton = button("Cancel (Esc)", () => this.unpick(true));
    this.spreadButton = button("", () => this.toggleSpread());
    this.drawButton = button("Offer a draw", () => this.send({ type: "offer-draw" }, "You offered a draw."));
    this.resignButton = h("button", { type: "button", class: "quiet-button", text: "Resign",
      onclick: () => window.confirm("Resign this deal? Your opponent scores a forfeit of 20 points on top of a won game.") && this.send({ type: "resign" }) });
    this.controls = h("div", { class: "rb-buttons rb-controls" }, this.spreadButton, this.drawButton, this.resignButton);
    this.bar = new ActionBar();
    this.discards = h("div", { class: "rb-discards" });

    this.board = h("div", { class: "rb-board" }, this.theirZone,
      h("div", { class: "rb-middle" }, this.layoutMine, this.centre, this.layoutTheirs), this.myZone);
    this.element = h("div", { class: `rb mode-${host.mode}` },
      h("div", { class: "rb-head" }, this.title, this.status), this.stopBar, this.drawBar, this.board,
      h("div", { class: "rb-actions" }, this.hint, this.controls,
        h("p", { class: "muted rb-keys", text: "Tab to a pile · Enter picks a card, then Enter on a highlighted pile plays it · S stock · H hand · E end turn · Esc cancel" })),
      this.discards, this.bar.element);
    this.mount(this.element, this.title);

    enableDrag(this.board, {
      canDrag: (id) => !this.busy && this.plays.moves.has(id),
      start: (id) => this.pick(id, false),
      drop: (from, to) => (this.targetOf(to) ? this.move(from, to) : this.refuse(to)),
      cancel: () => this.unpick(false),
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
    const tags = [`${plural(left, "card")} left`, `${plural(player.passes, "pass")} done`];
    const active = pub.draw_offer !== null ? pub.draw_offer !== seat : pub.turn === seat;
    if (active) tags.unshift(pub.draw_offer !== null ? "answering a draw offer" : "on turn");
    return { score: pub.points[seat], tags, active };
  }

  headline(result, ctx) {
    if (!result.winners.length) return "A draw: nobody scores.";
    const match = result.reason === "match" ? " the match" : "";
    const seat = result.winners[0];
    return seat === ctx.seat ? `You win${match}!` : `${ctx.seatName(seat)} wins${match}!`;
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

  owner(seat) {
    return seat === this.me ? "your" : `${this.ctx.seatName(seat)}'s`;
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
    if (first && pub.turn === ctx.seat && pub.draw_offer === null) announce("Your turn.", { urgent: true });
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
      const target = targets.find((t) => t.to === id);
      const source = this.plays.moves.has(id);
      const turnable = (id === `stock:${this.me}` && this.plays.turnStock) || (id === `hand:${this.me}` && this.plays.turnHand);
      const name = pileName(id, (s) => this.owner(s));
      setText(button.lastElementChild, this.shortName(pub, kind, n));
      if (kind === "layout") button.style.setProperty("--n", String(pub.layout[n].length));
      button.classList.toggle("is-source", source);
      button.classList.toggle("is-turnable", Boolean(turnable));
      button.classList.toggle("is-target", Boolean(target));
      button.classList.toggle("is-risky", Boolean(target && target.stop));
      button.classList.toggle("is-empty", !faces.length);
      button.classList.toggle("is-layout", kind === "layout");
      button.setAttribute("aria-pressed", String(this.picked === id));
      const extra = target ? `, can take it${target.stop ? ` (Stop can be called: ${STOP_RULES[target.stop]})` : ""}`
        : source ? ", can be moved" : turnable ? ", press to turn up a card" : "";
      button.setAttribute("aria-label", `${name}: ${words}${extra}`);
      button.hidden = kind === "turned" && !faces.length;
    }
  }

  /** The name under a pile: the kind, with the count of a seat's pile. */
  shortName(pub, kind, n) {
    if (kind === "centre" || kind === "layout") return `${kind === "centre" ? "foundation" : "layout"} ${n + 1}`;
    if (kind === "turned") return "turned";
    const count = pub.players[n][kind].count;
    return `${kind === "discard" ? "discards" : kind} · ${count}`;
  }

  /** What a pile shows (card faces, bottom to top) and says. */
  contents(pub, kind, n) {
    if (kind === "centre" || kind === "layout") {
      const cards = pub[kind][n];
      const shown = kind === "centre" ? cards.slice(-1) : cards;
      const words = !cards.length ? (kind === "centre" ? "empty, takes an ace" : "empty space")
        : kind === "centre" ? `up to the ${cardName(cards.at(-1))}` : `${plural(cards.length, "card")}, ${cards.map(cardName).join(", ")} on top`;
      return { faces: shown.map(cardFace), words };
    }
    const player = pub.players[n];
    if (kind === "turned") return { faces: player.turned ? [cardFace(player.turned)] : [], words: player.turned ? cardName(player.turned) : "none" };
    if (kind === "hand") {
      const count = player.hand.count;
      return { faces: count ? [cardBack(n, count)] : [], words: count ? `${plural(count, "card")} face down` : "empty" };
    }
    const pile = player[kind];
    if (!pile.count) return { faces: [], words: "empty" };
    const top = topOf(pub, `${kind}:${n}`);
    const faces = top ? [...(pile.count > 1 ? [cardBack(n)] : []), cardFace(top)] : [cardBack(n, pile.count)];
    const words = top ? `${plural(pile.count, "card")}, ${cardName(top)} on top` : `${plural(pile.count, "card")} face down`;
    return { faces, words };
  }

  drawHead() {
    const { view, seat } = this.ctx;
    const pub = view.public;
    const rules = pub.rules;
    const far = 1 - this.near;
    const over = this.ctx.table.status !== "playing";
    let title = `${this.ctx.seatName(pub.turn)}'s turn`;
    if (over) title = "The game is over";
    else if (pub.turn === seat) title = "Your turn";
    setText(this.title, title);
    const deals = rules.deals > 1 ? ` · Deal ${pub.deal} of ${rules.deals}` : "";
    const target = rules.target ? ` · first to ${rules.target}` : "";
    const score = `Score: ${this.name(this.near)} ${pub.points[this.near]}, ${this.ctx.seatName(far)} ${pub.points[far]}`;
    setText(this.status, `${rules.mode === "classic" ? "Classic (Stop! allowed)" : "Assisted"}${deals}${target} · ${score}`);
    for (const [caption, s] of [[this.myCaption, this.near], [this.theirCaption, far]]) {
      const player = pub.players[s];
      setText(caption, `${s === seat ? "You" : this.ctx.seatName(s)} · ${plural(player.passes, "pass")} through the hand · ${pub.points[s]} points`);
    }
    this.theirZone.setAttribute("aria-label", `${this.ctx.seatName(far)}'s piles`);
    this.myZone.setAttribute("aria-label", seat === this.near ? "Your piles" : `${this.ctx.seatName(this.near)}'s piles`);
    this.layoutMine.setAttribute("aria-label", `Layout: ${this.owner(this.near)} side`);
    this.layoutTheirs.setAttribute("aria-label", `Layout: ${this.owner(far)} side`);
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
    setText(this.stopText, `${this.ctx.seatName(offender)} broke the order of play: ${STOP_RULES[rule]}. You may call Stop!`);
    const owner = (s) => this.owner(s);
    const buttons = calls.plain ? [h("button", { type: "button", class: "primary rb-stop", text: "Stop!", onclick: () => this.send({ type: "stop" }) })] : [];
    for (const play of calls.forced) {
      const card = this.snapshot && topOf(this.snapshot, play.from);
      buttons.push(h("button", { type: "button", class: "secondary rb-stop", onclick: () => this.send({ type: "stop", ...play }),
        text: `Stop! and make them play ${card ? `the ${cardName(card)}` : `from ${pileName(play.from, owner)}`} to ${pileName(play.to, owner)}` }));
    }
    this.stopButtons = buttons;
  }

  drawDraw() {
    const pub = this.ctx.view.public;
    const offer = pub.draw_offer;
    const you = this.ctx.view.you;
    this.drawBar.hidden = !(you && you.can.answer_draw) || this.ctx.mode === "tv";
    setText(this.drawText, offer === null ? "" : `${this.ctx.seatName(offer)} offers a draw: the deal ends and nobody scores.`);
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
    this.cancelButton.hidden = !this.picked;
    this.drawButton.hidden = !can.offer_draw;
    this.spreadButton.hidden = !can.spread && !can.square;
    this.resignButton.hidden = !can.resign;
    setText(this.spreadButton, can.square ? "Square your discards" : "Spread your discards (both see them)");
    for (const button of [this.turnStockButton, this.turnHandButton, this.endTurnButton]) button.disabled = this.busy;
    setText(this.hint, this.hintText(myTurn));
    this.bar.show([...this.stopButtons, this.turnStockButton, this.turnHandButton, this.endTurnButton, this.cancelButton]);
  }

  hintText(myTurn) {
    if (!myTurn) return this.ctx.view.public.draw_offer === this.me ? "Waiting for the answer to your draw offer." : "Waiting for your opponent.";
    if (this.picked) {
      const card = topOf(this.ctx.view.public, this.picked);
      const count = this.plays.moves.get(this.picked).length;
      return `You picked the ${cardName(card)}: ${count === 1 ? "one pile can take it" : `${count} piles can take it`} (highlighted). Choose one, or Esc to cancel.`;
    }
    if (this.plays.moves.size) return "Pick a card to move (drag it, or click it then its destination).";
    if (this.plays.turnStock) return "Turn up your stock card.";
    if (this.plays.turnHand) return "Turn up the next card of your hand.";
    if (this.plays.endTurn) return "Only your stock is left: end your turn.";
    return "No play is open to you.";
  }

  /** Your discards (yours to look at, RB-16) and any spread by their owner; kept in place
   *  between updates so an opened list stays open. */
  drawDiscards() {
    const pub = this.ctx.view.public;
    const you = this.ctx.view.you;
    const lists = [];
    if (you && you.discard.length) {
      const shown = pub.players[this.me].discard.spread ? "spread: both see them" : "only you see them";
      lists.push({ key: "own", label: `Your discards, bottom to top (${shown})`, cards: you.discard });
    }
    for (const seat of [0, 1].filter((s) => s !== this.me && pub.players[s].discard.spread)) {
      lists.push({ key: `spread-${seat}`, label: `${this.ctx.seatName(seat)}'s spread discards, bottom to top`, cards: pub.players[seat].discard.spread });
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

  pick(id, say) {
    this.picked = id;
    this.drawPiles();
    this.drawControls();
    if (say) announce(this.hint.textContent);
  }

  unpick(say) {
    if (!this.picked) return;
    this.picked = null;
    this.drawPiles();
    this.drawControls();
    if (say) announce("Cancelled.");
  }

  refuse(to) {
    const card = topOf(this.ctx.view.public, this.picked);
    announce(`The ${cardName(card)} cannot go to ${pileName(to, (s) => this.owner(s))}.`);
    this.unpick(false);
  }

  move(from, to) {
    const card = topOf(this.ctx.view.public, from);
    const owner = (s) => this.owner(s);
    this.picked = null;
    this.send({ type: "move", from, to }, `You played the ${cardName(card)} to ${pileName(to, owner)}.`);
  }

  turnUp(kind) {
    if ((kind === "stock" ? this.plays.turnStock : this.plays.turnHand)) this.send({ type: "turn", pile: `${kind}:${this.me}` });
  }

  endTurn() {
    if (this.plays.endTurn) this.send({ type: "end-turn" }, "You ended your turn.");
  }

  toggleSpread() {
    const square = this.ctx.view.you.can.square;
    this.send({ type: square ? "square" : "spread" }, square ? "Discards squared." : "Discards spread for both to see.");
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
    const words = { me: this.me, name: (s) => this.name(s), owner: (s) => this.owner(s) };
    for (const event of events) {
      const news = eventNews(event, words);
      if (news) announce(news.text, { urgent: news.urgent });
      if (event.type === "turned" && event.seat === this.me) announce(`You turned up the ${cardName(event.card)}.`);
    }
  }
}
