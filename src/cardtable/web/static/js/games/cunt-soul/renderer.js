// games/cunt-soul/renderer.js: the Cunt-Soul table. It draws the pile with its top play and the plain
// constraint on the next play ("must play a 3", "7 or lower"), the source, the fields in force,
// every player's field, face-up and face-down cards with the turn order and direction, your hand,
// and the choice of the moment as clear controls: the secret opening layout, a play of one rank,
// picking up, blind face-down cards, the 4-run, the 5's swaps, higher or lower, naming a player
// and the field change. The play (or lay-out) button and the choices of the moment are in the
// bottom bar (scaffold.js ActionBar). Screen readers hear your turn and what the others did.
// Which cards and choices are open comes from the server (`view.you.can`,
// docs/views/cunt-soul.md): no rule is worked out here. See games/index.js for the seam.

import { announce } from "../../announce.js";
import { CardGrid } from "../../card-grid.js";
import { h, replace, setText, syncList } from "../../dom.js";
import { formatList, t } from "../../i18n.js";
import { ActionBar, GameRenderer } from "../scaffold.js";
import { subject } from "../subject.js";
import { cardBack, cardFace, cardName, cardShort, printedRank, rankOf } from "./cards.js";
import { historyList } from "./history.js";
import { constraintWords, END_REASONS, eventNews, FIELD_TEXT, place } from "./words.js";

const LOG_LENGTH = 12;

export function createRenderer(host) {
  return new CuntSoulRenderer(host);
}

class CuntSoulRenderer extends GameRenderer {
  constructor(host) {
    super(host, END_REASONS);
    this.controlsKey = "";
    this.choices = [];
    this.changingField = false;

    this.title = h("h2", { id: "stage-title", class: "cs-title" });
    this.status = h("p", { class: "cs-status" });
    this.constraint = h("strong", { class: "cs-constraint-text" });
    this.topCards = h("div", { class: "cs-top", role: "group", "aria-label": t("game.cunt-soul.ui.top") });
    this.pileMeta = h("p", { class: "cs-pile-meta" });
    this.fieldsList = h("ul", { class: "cs-fields" });
    this.pile = h("section", { class: "cs-pile panel", "aria-labelledby": "cs-pile-title" },
      h("h3", { id: "cs-pile-title", text: t("game.cunt-soul.ui.pile") }),
      h("p", { class: "cs-constraint" }, h("span", { text: `${t("game.cunt-soul.ui.next-play")} ` }), this.constraint),
      this.topCards, this.pileMeta,
      h("h4", { text: t("game.cunt-soul.ui.fields") }), this.fieldsList);

    this.order = h("p", { class: "cs-order" });
    this.seatList = h("ul", { class: "cs-seats" });
    this.seats = h("section", { class: "cs-players panel", "aria-labelledby": "cs-players-title" },
      h("h3", { id: "cs-players-title", text: t("game.cunt-soul.ui.table") }), this.order, this.seatList);

    this.prompt = h("p", { class: "cs-prompt", id: "cs-prompt" });
    this.summary = h("p", { class: "cs-summary muted" });
    this.grid = new CardGrid({ label: t("game.cunt-soul.ui.hand"), className: "cs-grid", onConfirm: () => this.confirm(), onChange: () => this.selectionChanged() });
    this.controls = h("div", { class: "cs-controls", role: "group", "aria-labelledby": "cs-you-title" });
    this.primary = h("button", { type: "button", class: "primary cs-primary", "aria-describedby": "cs-prompt", onclick: () => this.confirm() });
    this.bar = new ActionBar();
    this.gridTitle = h("h4", { class: "cs-grid-title" });
    // Named by its title and the prompt, so that it is not a second "Your move" beside the bar's.
    this.you = h("section", { class: "cs-you panel", "aria-labelledby": "cs-you-title cs-prompt" },
      h("h3", { id: "cs-you-title", text: t("game.common.your-move") }), this.prompt,
      this.controls,
      this.gridTitle, this.grid.element, this.summary);

    this.log = h("ul", { class: "cs-log" });
    this.logSection = h("section", { class: "cs-log-panel panel", "aria-labelledby": "cs-log-title" },
      h("h3", { id: "cs-log-title", text: t("game.cunt-soul.ui.log") }), this.log);
    this.logSection.hidden = true;

    this.element = h("div", { class: `cs mode-${host.mode}` },
      h("div", { class: "cs-head" }, this.title, this.status),
      h("div", { class: "cs-board" }, this.you, this.pile, this.seats, this.logSection), this.bar.element);
    this.mount(this.element, this.title);
  }

  destroy() {
    super.destroy();
    this.bar.destroy();
  }

  // -- the seam -----------------------------------------------------------------------------

  seatInfo(seat) {
    const pub = this.ctx && this.ctx.view && this.ctx.view.public;
    const info = pub && pub.seats[seat];
    if (!info) return null;
    const tags = [];
    const acting = pub.phase === "select" ? !info.selected : pub.turn !== null && pub.turn.seat === seat;
    if (info.place) tags.push(t("game.cunt-soul.tag.finished", { place: place(info.place) }));
    else if (pub.phase === "select") tags.push(t(info.selected ? "game.cunt-soul.tag.laid-out" : "game.cunt-soul.tag.laying-out"));
    else tags.push(t("game.cunt-soul.tag.in-hand", { count: info.hand }));
    if (info.field) tags.push(t("game.cunt-soul.tag.field", { card: cardShort(info.field) }));
    if (acting && pub.phase === "play") tags.push(t("game.cunt-soul.tag.to-play"));
    return { score: null, tags, active: acting };
  }

  headline(result, ctx) {
    if (!result.winners.length) return null;
    const names = formatList(result.winners.map((seat) => ctx.seatName(seat)));
    const last = result.detail && result.detail.sole_cunt;
    const first = t(result.winners.length > 1 ? "game.cunt-soul.end.share" : "game.cunt-soul.end.first", { names });
    return last === null || last === undefined ? first : `${first} ${t("game.cunt-soul.end.loser", { name: ctx.seatName(last) })}`;
  }

  history(data, gameNumber, ctx) {
    return historyList(data, gameNumber, ctx.seatName, ctx.table.seats.length);
  }

  // -- drawing ------------------------------------------------------------------------------

  update(ctx, events) {
    this.ctx = ctx;
    this.pub = ctx.view.public;
    this.element.dataset.updates = String(Number(this.element.dataset.updates || 0) + 1);
    this.mine = ctx.view.you || null;
    this.drawHead();
    this.drawPile();
    this.drawSeats();
    this.drawYou();
    this.news(events);
    const prompt = this.current ? this.current.prompt : "";
    this.askOnce(this.asking(), this.current && this.current.key === "select" ? prompt : `${t("game.cunt-soul.your-turn")} ${prompt}`);
    this.keepFocus();
  }

  myTurn() {
    const pub = this.pub;
    return this.ctx.seat !== null && pub.phase === "play" && pub.turn !== null && pub.turn.seat === this.ctx.seat;
  }

  drawHead() {
    const pub = this.pub;
    if (pub.phase === "select") {
      setText(this.title, t("game.cunt-soul.title.select"));
      // Whom we wait for, besides you (your own part is asked of you below).
      const waiting = pub.seats.filter((s) => !s.selected && s.seat !== this.ctx.seat).map((s) => this.name(s.seat));
      setText(this.status, waiting.length ? t("game.cunt-soul.status.select", { names: formatList(waiting) }) : "");
      return;
    }
    if (pub.phase === "over" || !pub.turn) {
      setText(this.title, t("game.cunt-soul.title.over"));
      setText(this.status, "");
      return;
    }
    const turn = pub.turn;
    setText(this.title, this.myTurn() ? t("game.cunt-soul.title.yours") : t("game.cunt-soul.title.theirs", { name: this.ctx.seatName(turn.seat) }));
    const goes = t(turn.direction === "clockwise" ? "game.cunt-soul.status.clockwise" : "game.cunt-soul.status.anticlockwise");
    setText(this.status, turn.extra ? `${goes} ${t("game.cunt-soul.status.extra")}` : goes);
  }

  drawPile() {
    const pub = this.pub;
    setText(this.constraint, pub.phase === "select" ? t("game.cunt-soul.next.not-started") : constraintWords(pub.constraint, pub));
    const top = pub.pile[pub.pile.length - 1];
    const under = pub.pile[pub.pile.length - 2];
    replace(this.topCards,
      under ? h("span", { class: "cs-under" }, h("span", { class: "muted", text: `${t("game.cunt-soul.ui.under")} ` }), under.cards.slice(-1).map((c) => cardFace(c, { small: true }))) : null,
      top ? h("span", { class: "cs-top-play" }, top.cards.map((c) => cardFace(c)),
        h("span", { class: "cs-played-by", text: [
          t(subject("game.cunt-soul.ui.played-by", top.seat, this.ctx.seat), { name: this.name(top.seat) }),
          rankOf(top.value) !== printedRank(top.cards[top.cards.length - 1]) ? t("game.cunt-soul.ui.counts-as", { value: top.value }) : "",
          top.cancelled ? t("game.cunt-soul.ui.cancelled") : "",
        ].filter(Boolean).join(" · ") }))
        : h("span", { class: "cs-empty", text: t("game.cunt-soul.ui.empty") }));
    const cards = pub.pile.reduce((n, play) => n + play.cards.length, 0);
    const source = pub.source;
    replace(this.pileMeta,
      `${t("game.cunt-soul.ui.in-pile", { count: cards })} · ${t("game.cunt-soul.ui.source", { count: source.count })}`,
      source.top ? [` (${t("game.cunt-soul.ui.source-top")} `, cardFace(source.top, { small: true }), ")"] : null,
      ` · ${t("game.cunt-soul.ui.burned", { count: pub.out })}`);
    const fields = Object.entries(pub.fields.ranks);
    syncList(this.fieldsList, fields.length ? fields : [["none", 0]], ([rank]) => rank,
      () => h("li"),
      (li, [rank, count]) => setText(li, rank === "none" ? t("game.cunt-soul.ui.no-fields") : `${rank === "Joker" ? t("game.cards.joker") : rank}${count > 1 ? ` ×${count}` : ""}: ${FIELD_TEXT[rank] ? t(FIELD_TEXT[rank]) : ""}.`));
    if (fields.length) this.fieldsList.append(h("li", { class: "muted", text: t("game.cunt-soul.ui.hand-size", { count: pub.fields.hand_size }) }));
  }

  /** Seats in the order they will play, from the one to act now. */
  turnOrder() {
    const pub = this.pub;
    const n = pub.seats.length;
    const step = pub.turn && pub.turn.direction === "anticlockwise" ? -1 : 1;
    const start = pub.turn ? pub.turn.seat : pub.first;
    const order = [];
    for (let i = 0; i < n; i += 1) {
      const seat = (((start + step * i) % n) + n) % n;
      if (!pub.seats[seat].place) order.push(seat);
    }
    return order;
  }

  drawSeats() {
    const pub = this.pub;
    const turn = pub.turn;
    const order = this.turnOrder();
    setText(this.order, pub.phase === "play" && turn
      ? t(turn.direction === "clockwise" ? "game.cunt-soul.order.clockwise" : "game.cunt-soul.order.anticlockwise", {
        order: order.map((s, i) => (i === 0 ? t("game.cunt-soul.order.now", { name: this.name(s) }) : this.name(s))).join(" → "),
      })
      : pub.phase === "select" ? (pub.first === this.ctx.seat ? t("game.cunt-soul.order.first.you") : t("game.cunt-soul.order.first", { name: this.ctx.seatName(pub.first) })) : "");
    syncList(this.seatList, pub.seats, (s) => s.seat, () => h("li", { class: "cs-seat" }), (li, s) => {
      const acting = turn && turn.seat === s.seat && pub.phase === "play";
      li.classList.toggle("is-acting", Boolean(acting));
      const flags = [];
      if (acting) flags.push(`▶ ${t("game.cunt-soul.tag.acting")}`);
      if (s.place) flags.push(t("game.cunt-soul.tag.finished", { place: place(s.place) }));
      if (pub.phase === "select") flags.push(t(s.selected ? "game.cunt-soul.tag.laid-out" : "game.cunt-soul.tag.laying-out"));
      const down = s.face_down.filter(Boolean).length;
      // While the others choose, your own choice is shown to you alone.
      const chosen = s.seat === this.ctx.seat && this.mine && this.mine.selection;
      const field = s.field || (chosen && chosen.field);
      const faceUp = chosen && !s.field ? chosen.face_up.map((card) => ({ card, horizontal: false })) : s.face_up;
      const secret = chosen && !s.field ? t("game.cunt-soul.seat.secret") : "";
      replace(li,
        h("h4", { class: "cs-seat-name" }, this.name(s.seat), flags.length ? h("span", { class: "cs-flags", text: ` · ${flags.join(" · ")}` }) : null),
        h("p", { class: "cs-seat-counts", text: [
          t("game.cunt-soul.tag.in-hand", { count: s.hand }),
          t("game.cunt-soul.seat.face-down", { count: down }),
          s.field_changes ? t("game.cunt-soul.seat.field-changes", { count: s.field_changes }) : "",
        ].filter(Boolean).join(" · ") }),
        h("div", { class: "cs-layout" },
          h("div", { class: "cs-slot-group" }, h("span", { class: "cs-label", text: t("game.cunt-soul.seat.field") }),
            field ? cardFace(field, { small: true, note: secret }) : cardBack(t(pub.phase === "select" ? "game.cunt-soul.seat.field-unknown" : "game.cunt-soul.seat.no-field"))),
          h("div", { class: "cs-slot-group" }, h("span", { class: "cs-label", text: t("game.cunt-soul.seat.face-up") }),
            faceUp.map((slot, i) => (slot.card ? cardFace(slot.card, { small: true, note: slot.horizontal ? t("game.cunt-soul.seat.sideways") : secret })
              : h("span", { class: "cs-card cs-small cs-gap", role: "img", "aria-label": t("game.cunt-soul.seat.empty-slot", { number: i + 1 }), text: "—" })))),
          h("div", { class: "cs-slot-group" }, h("span", { class: "cs-label", text: t("game.cunt-soul.seat.face-down-label") }),
            down ? cardBack(t("game.cunt-soul.seat.face-down-cards", { count: down }), down) : h("span", { class: "muted", text: t("game.cunt-soul.seat.none") }))));
    });
  }

  // -- your part ------------------------------------------------------------------------------

  /** What is asked of you now: { key, prompt, grid: {items, mode, disabled, title}, primary,
   *  buttons (the choices, in the bottom bar), toggle (the field change's switch), swap,
   *  fieldChange (its form is open) }. */
  ask() {
    const pub = this.pub;
    const mine = this.mine;
    if (!mine || this.ctx.mode === "tv") return null;
    const hand = mine.hand;
    const handTitle = t("game.cunt-soul.ui.hand");
    if (pub.phase === "select") {
      if (mine.selection) return { key: "selected", prompt: t("game.cunt-soul.ask.selected"), grid: { items: hand, title: handTitle } };
      return {
        key: "select",
        prompt: t("game.cunt-soul.ask.select"),
        grid: { items: hand, mode: { max: 4, ordered: true }, title: t("game.cunt-soul.ask.select-title") },
        primary: { label: t("game.cunt-soul.ask.lay-out"), ready: () => this.grid.selected.length === 4, run: () => this.layOut() },
      };
    }
    if (!this.myTurn()) {
      const who = pub.turn ? this.ctx.seatName(pub.turn.seat) : "";
      return { key: "wait", prompt: pub.phase === "play" ? t("game.cunt-soul.ask.waiting", { name: who }) : "", grid: { items: hand, title: handTitle } };
    }
    const turn = pub.turn;
    const can = mine.can;
    const zone = can.zone;
    const zoneCards = zone === "face-up" ? pub.seats[this.ctx.seat].face_up.map((s) => s.card).filter(Boolean) : hand;
    const zoneTitle = zone === "face-up" ? t("game.cunt-soul.ui.face-up") : handTitle;
    switch (turn.decision) {
      case "play": return this.askPlay(zone, zoneCards, zoneTitle);
      case "run": return this.askRun(zone, zoneCards, zoneTitle);
      case "swap": return this.askSwap();
      case "seven":
      case "field-seven": return {
        key: `dir:${turn.decision}`,
        prompt: t(turn.decision === "seven" ? "game.cunt-soul.ask.seven" : "game.cunt-soul.ask.field-seven"),
        grid: { items: hand, title: handTitle },
        buttons: can.direction.map((d) => ({ label: t(d === "higher" ? "game.cunt-soul.ask.higher" : "game.cunt-soul.ask.lower"), run: () => this.send({ type: "direction", direction: d }) })),
      };
      case "jack":
      case "field-jack": return {
        key: `jack:${turn.decision}`,
        prompt: t(turn.decision === "jack" ? "game.cunt-soul.ask.jack" : "game.cunt-soul.ask.field-jack"),
        grid: { items: hand, title: handTitle },
        buttons: can.choose.map((seat) => ({ label: t("game.cunt-soul.ask.goes-next", { name: this.ctx.seatName(seat) }), run: () => this.send({ type: "choose", seat }) })),
      };
      default: return { key: "unknown", prompt: t("game.cunt-soul.ask.wait"), grid: { items: hand, title: handTitle } };
    }
  }

  blindButtons(label) {
    return this.mine.can.blind.map((slot) => ({ label: t(label, { number: slot + 1 }), run: () => this.send({ type: "play-blind", slot }) }));
  }

  /** The set of `can.play` a card belongs to: its rank's cards and the counts a play may hold. */
  playSet(card) {
    return this.mine.can.play.find((set) => set.cards.includes(card.id)) || null;
  }

  askPlay(zone, cards, title) {
    const pub = this.pub;
    const lead = pub.constraint.follow_up ? `${t("game.cunt-soul.ask.follow-q")} ` : pub.turn.extra ? `${t("game.cunt-soul.ask.extra")} ` : "";
    const need = `${lead}${t("game.cunt-soul.ask.next", { text: constraintWords(pub.constraint, pub) })}`;
    const can = this.mine.can;
    const toggle = can.field_change ? { label: t(this.changingField ? "game.cunt-soul.ask.field-cancel" : "game.cunt-soul.ask.field-change"), pressed: this.changingField, run: () => this.toggleFieldChange() } : null;
    if (zone === "face-down") {
      return {
        key: "blind", prompt: `${need} ${t("game.cunt-soul.ask.blind")}`,
        buttons: this.blindButtons("game.cunt-soul.ask.blind-button"), toggle, fieldChange: this.changingField,
      };
    }
    const pickup = { label: t("game.cunt-soul.ask.pickup"), run: () => this.send({ type: "pickup" }) };
    if (can.pickup) {
      return {
        key: `pickup:${pub.pile.length}`, prompt: `${need} ${t("game.cunt-soul.ask.must-pickup")}`,
        grid: { items: cards, title }, buttons: [pickup], toggle, fieldChange: this.changingField,
      };
    }
    return {
      key: `play:${zone}:${pub.pile.length}:${pub.turn.plays}`,
      prompt: `${need} ${t(zone === "face-up" ? "game.cunt-soul.ask.play.face-up" : "game.cunt-soul.ask.play")}`,
      grid: { items: cards, title, mode: { max: cards.length, ordered: false }, disabled: (card) => !this.playSet(card) },
      primary: this.playButton(),
      toggle, fieldChange: this.changingField,
    };
  }

  playButton() {
    return {
      label: () => {
        const chosen = this.chosenCards();
        if (!chosen.length) return t("game.cunt-soul.ask.play-none");
        const rank = chosen[0].rank === 0 ? t("game.cards.joker") : cardShort(chosen[0]).replace(/[♣♦♥♠]$/, "");
        return t("game.cunt-soul.ask.play-button", { cards: chosen.length > 1 ? `${chosen.length} × ${rank}` : rank });
      },
      ready: () => {
        const chosen = this.chosenCards();
        const set = chosen.length ? this.playSet(chosen[0]) : null;
        return Boolean(set) && chosen.every((card) => set.cards.includes(card.id)) && set.counts.includes(chosen.length);
      },
      run: () => this.send({ type: "play", cards: this.chosenCards().map((c) => c.id) }),
    };
  }

  askRun(zone, cards, title) {
    const run = this.pub.turn.run;
    const reached = run ? rankOf(run.rank) : 4;
    const down = this.pub.fields.reverse_order;
    const started = Boolean(run && run.started);
    const mayEnd = this.mine.can.end_run;
    const next = down ? reached - 1 : reached + 1;
    const end = mayEnd ? { label: t(started ? "game.cunt-soul.run.end" : "game.cunt-soul.run.none"), run: () => this.send({ type: "end-run" }) } : null;
    const shown = next === 14 ? "A" : next === 11 ? "J" : next === 12 ? "Q" : next === 13 ? "K" : String(next);
    const goal = down ? "2" : "6";
    const prompt = started
      ? t(mayEnd ? "game.cunt-soul.run.going-may-end" : "game.cunt-soul.run.going", { rank: run.rank, next: shown, goal })
      : t(down ? "game.cunt-soul.run.start-down" : "game.cunt-soul.run.start", { next: shown });
    if (zone === "face-down") return { key: `run-blind:${reached}`, prompt, buttons: [...this.blindButtons("game.cunt-soul.run.blind-button"), end].filter(Boolean) };
    return {
      key: `run:${reached}:${this.pub.pile.length}`, prompt,
      grid: { items: cards, title, mode: { max: cards.length, ordered: false }, disabled: (card) => !this.playSet(card) },
      primary: this.playButton(), buttons: [end].filter(Boolean),
    };
  }

  askSwap() {
    const pub = this.pub;
    const seat = pub.seats[this.ctx.seat];
    const can = this.mine.can;
    const hand = can.swap ? this.mine.hand.filter((c) => can.swap.hand_cards.includes(c.id)) : [];
    const faceDown = Boolean(pub.fields.ranks["5"]);
    const left = pub.turn.swaps_left;
    const intro = t(faceDown ? "game.cunt-soul.swap.intro-down" : "game.cunt-soul.swap.intro-up", { count: left });
    const noSwap = { label: t("game.cunt-soul.swap.none"), run: () => this.send({ type: "no-swap" }) };
    const downSlot = (slot) => t("game.cunt-soul.swap.down-slot", { number: slot + 1 });
    if (can.keep && this.mine.peek) {
      const peek = this.mine.peek;
      return {
        key: `peeked:${peek.slot}`, prompt: t("game.cunt-soul.swap.peeked", { number: peek.slot + 1, card: cardName(peek.card) }),
        swap: { hand, slots: [{ slot: peek.slot, label: downSlot(peek.slot) }] },
        buttons: [{ label: t("game.cunt-soul.swap.keep"), run: () => this.send({ type: "keep" }) }],
      };
    }
    if (can.peek.length) {
      return {
        key: `peek:${left}`, prompt: `${intro} ${t("game.cunt-soul.swap.look-first")}`,
        buttons: [...can.peek.map((slot) => ({ label: t("game.cunt-soul.swap.look", { number: slot + 1 }), run: () => this.send({ type: "peek", slot }) })), noSwap],
      };
    }
    const label = (slot) => {
      const up = seat.face_up[slot];
      return faceDown ? downSlot(slot) : t(up.horizontal ? "game.cunt-soul.swap.up-slot-sideways" : "game.cunt-soul.swap.up-slot", { card: cardName(up.card) });
    };
    const slots = can.swap ? can.swap.slots.map((slot) => ({ slot, label: label(slot) })) : [];
    return { key: `swap:${left}`, prompt: intro, swap: slots.length && hand.length ? { hand, slots } : null, buttons: [noSwap] };
  }

  toggleFieldChange() {
    this.changingField = !this.changingField;
    this.controlsKey = "";
    this.drawYou();
    const first = this.controls.querySelector("select, button");
    if (first) first.focus();
  }

  drawYou() {
    const ask = this.ask();
    this.you.hidden = !ask;
    this.current = ask;
    if (!ask) {
      this.bar.hide();
      return;
    }
    if (!this.myTurn()) this.changingField = false;
    setText(this.prompt, ask.prompt);
    const grid = ask.grid;
    this.gridTitle.hidden = !grid;
    this.grid.element.hidden = !grid;
    if (grid) {
      setText(this.gridTitle, grid.title);
      this.grid.element.setAttribute("aria-label", grid.title);
      this.grid.update(grid.items, {
        key: (card) => card.id,
        mode: grid.mode || null,
        disabled: grid.disabled,
        speech: (card) => cardName(card),
        fill: (body, card) => replace(body, cardFace(card)),
      });
    }
    const key = `${ask.key}:${ask.fieldChange ? "field" : ""}:${this.busy}`;
    if (key !== this.controlsKey) {
      this.controlsKey = key;
      // A choice that is the only way on looks like the main button it is.
      const buttons = ask.buttons || [];
      const kind = ask.primary || buttons.length > 1 ? "secondary" : "primary";
      this.choices = buttons.map((b) => h("button", { type: "button", class: `${kind} cs-choice`, disabled: this.busy, onclick: () => b.run() }, b.label));
      const toggle = ask.toggle;
      replace(this.controls,
        toggle ? h("button", { type: "button", class: "secondary cs-choice", "aria-pressed": String(toggle.pressed), disabled: this.busy, onclick: () => toggle.run() }, toggle.label) : null,
        ask.swap ? this.swapForm(ask.swap) : null,
        ask.fieldChange ? this.fieldChangeForm() : null);
    }
    this.selectionChanged();
  }

  swapForm({ hand, slots }) {
    const handSelect = h("select", { id: "cs-swap-hand" }, hand.map((c) => h("option", { value: c.id, text: cardName(c) })));
    const slotSelect = h("select", { id: "cs-swap-slot" }, slots.map((s) => h("option", { value: s.slot, text: s.label })));
    return h("fieldset", { class: "cs-form" }, h("legend", { text: t("game.cunt-soul.swap.legend") }),
      h("label", { for: "cs-swap-hand", text: t("game.cunt-soul.swap.from-hand") }), handSelect,
      h("label", { for: "cs-swap-slot", text: t("game.cunt-soul.swap.in-place-of") }), slotSelect,
      h("button", { type: "button", class: "primary", text: t("game.cunt-soul.swap.button"), disabled: this.busy,
        onclick: () => this.send({ type: "swap", hand: Number(handSelect.value), slot: Number(slotSelect.value) }) }));
  }

  fieldChangeForm() {
    const seat = this.pub.seats[this.ctx.seat];
    const change = this.mine.can.field_change;
    const newField = h("select", { id: "cs-new-field" }, this.mine.hand.filter((c) => change.new_cards.includes(c.id)).map((c) => h("option", { value: c.id, text: cardName(c) })));
    const burn = h("select", { id: "cs-burn" }, seat.face_up.filter((s) => s.card && change.burn_cards.includes(s.card.id)).map((s) => h("option", { value: s.card.id, text: cardName(s.card) })));
    return h("fieldset", { class: "cs-form" }, h("legend", { text: t("game.cunt-soul.field-change.legend", { count: 3 - seat.field_changes }) }),
      h("p", { class: "muted", text: t("game.cunt-soul.field-change.help") }),
      h("label", { for: "cs-new-field", text: t("game.cunt-soul.field-change.new") }), newField,
      h("label", { for: "cs-burn", text: t("game.cunt-soul.field-change.burn") }), burn,
      h("button", { type: "button", class: "primary", text: t("game.cunt-soul.field-change.button"), disabled: this.busy,
        onclick: () => {
          this.changingField = false;
          this.send({ type: "field-change", card: Number(newField.value), burn: Number(burn.value) });
        } }));
  }

  /** The selected cards, kept to one rank: picking a card of another rank starts again from it. */
  chosenCards() {
    const items = this.current && this.current.grid ? this.current.grid.items : [];
    return this.grid.selected.map((key) => items.find((c) => String(c.id) === key)).filter(Boolean);
  }

  selectionChanged() {
    const ask = this.current;
    if (!ask) return;
    if (ask.grid && ask.grid.mode && ask.key !== "select") {
      const chosen = this.chosenCards();
      const last = chosen[chosen.length - 1];
      if (last && chosen.some((c) => c.rank !== last.rank)) {
        this.grid.selected = [String(last.id)];
        this.grid.redraw();
      }
    }
    const primary = ask.primary;
    this.primary.hidden = !primary;
    if (primary) {
      setText(this.primary, typeof primary.label === "function" ? primary.label() : primary.label);
      this.primary.disabled = this.busy || !primary.ready();
    }
    this.bar.show([this.primary, ...this.choices]);
    setText(this.summary, ask.key === "select" ? this.layoutSummary() : "");
  }

  layoutSummary() {
    const chosen = this.chosenCards();
    if (!chosen.length) return t("game.cunt-soul.layout.none");
    const up = t("game.cunt-soul.layout.face-up", { cards: chosen.slice(0, 3).map(cardShort).join(", ") });
    return `${up} · ${chosen.length === 4 ? t("game.cunt-soul.layout.field", { card: cardShort(chosen[3]) }) : t("game.cunt-soul.layout.more", { count: 4 - chosen.length })}`;
  }

  // -- acting -------------------------------------------------------------------------------

  confirm() {
    const primary = this.current && this.current.primary;
    if (!primary || !primary.ready()) {
      announce(this.current ? this.current.prompt : "");
      return;
    }
    primary.run();
  }

  layOut() {
    const ids = this.chosenCards().map((c) => c.id);
    return this.send({ type: "select", face_up: ids.slice(0, 3), field: ids[3] }, t("game.cunt-soul.done.laid-out"));
  }

  drawBusy(taken) {
    if (taken) this.grid.selected = [];
    this.drawYou();
  }

  /** A keyboard user whose focused control went away lands on the hand or the first control. */
  focusTarget() {
    if (!this.grid.element.hidden && this.grid.items.length) return this.grid;
    return [this.primary, ...this.choices, ...this.controls.querySelectorAll("button, select")].find((control) => !control.hidden && !control.disabled) || null;
  }

  // -- what screen readers hear ---------------------------------------------------------------

  news(events) {
    const lines = events.map((event) => eventNews(event, (seat) => this.name(seat), this.ctx.seat)).filter(Boolean);
    for (const line of lines) {
      this.log.prepend(h("li", { text: line }));
      announce(line);
    }
    while (this.log.children.length > LOG_LENGTH) this.log.lastElementChild.remove();
    this.logSection.hidden = !this.log.children.length;
  }

  /** What is asked of you now, as a key that changes with each new ask ("" when nothing is):
   *  "Your turn" is said once for each. */
  asking() {
    const ask = this.current;
    const asking = ask && (ask.primary || ask.buttons || ask.swap) && ask.key !== "wait" && ask.key !== "selected";
    return asking ? `${ask.key}:${this.pub.pile.length}` : "";
  }
}
