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
import { ActionBar, GameRenderer } from "../scaffold.js";
import { cardBack, cardFace, cardName, cardShort, printedRank, rankOf } from "./cards.js";
import { historyList } from "./history.js";
import { END_REASONS, eventNews, FIELD_TEXT, PLACES } from "./words.js";

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
    this.topCards = h("div", { class: "cs-top", role: "group", "aria-label": "Top of the pile" });
    this.pileMeta = h("p", { class: "cs-pile-meta" });
    this.fieldsList = h("ul", { class: "cs-fields" });
    this.pile = h("section", { class: "cs-pile panel", "aria-labelledby": "cs-pile-title" },
      h("h3", { id: "cs-pile-title", text: "The pile" }),
      h("p", { class: "cs-constraint" }, h("span", { text: "Next play: " }), this.constraint),
      this.topCards, this.pileMeta,
      h("h4", { text: "Fields in force" }), this.fieldsList);

    this.order = h("p", { class: "cs-order" });
    this.seatList = h("ul", { class: "cs-seats" });
    this.seats = h("section", { class: "cs-players panel", "aria-labelledby": "cs-players-title" },
      h("h3", { id: "cs-players-title", text: "The table" }), this.order, this.seatList);

    this.prompt = h("p", { class: "cs-prompt", id: "cs-prompt" });
    this.summary = h("p", { class: "cs-summary muted" });
    this.grid = new CardGrid({ label: "Your hand", className: "cs-grid", onConfirm: () => this.confirm(), onChange: () => this.selectionChanged() });
    this.controls = h("div", { class: "cs-controls", role: "group", "aria-labelledby": "cs-you-title" });
    this.primary = h("button", { type: "button", class: "primary cs-primary", "aria-describedby": "cs-prompt", onclick: () => this.confirm() });
    this.bar = new ActionBar();
    this.gridTitle = h("h4", { class: "cs-grid-title" });
    this.you = h("section", { class: "cs-you panel", "aria-labelledby": "cs-you-title" },
      h("h3", { id: "cs-you-title", text: "Your move" }), this.prompt,
      this.controls,
      this.gridTitle, this.grid.element, this.summary);

    this.log = h("ul", { class: "cs-log" });
    this.logSection = h("section", { class: "cs-log-panel panel", "aria-labelledby": "cs-log-title" },
      h("h3", { id: "cs-log-title", text: "What happened" }), this.log);
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
    if (info.place) tags.push(`finished ${PLACES[info.place]}`);
    else if (pub.phase === "select") tags.push(info.selected ? "laid out ✓" : "laying out…");
    else tags.push(`${info.hand} in hand`);
    if (info.field) tags.push(`field ${cardShort(info.field)}`);
    if (acting && pub.phase === "play") tags.push("to play ▶");
    return { score: null, tags, active: acting };
  }

  headline(result, ctx) {
    const names = result.winners.map((seat) => ctx.seatName(seat)).join(" and ");
    const last = result.detail && result.detail.sole_cunt;
    const loser = last === null || last === undefined ? "" : ` ${ctx.seatName(last)} is the sole-cunt.`;
    return names ? `${names} ${result.winners.length > 1 ? "share first place" : "finished first"}!${loser}` : null;
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
    this.askOnce(this.asking(), `${this.current && this.current.key === "select" ? "" : "Your turn. "}${this.current ? this.current.prompt : ""}`);
    this.keepFocus();
  }

  myTurn() {
    const pub = this.pub;
    return this.ctx.seat !== null && pub.phase === "play" && pub.turn !== null && pub.turn.seat === this.ctx.seat;
  }

  drawHead() {
    const pub = this.pub;
    if (pub.phase === "select") {
      setText(this.title, "Laying out: everyone chooses in secret");
      const waiting = pub.seats.filter((s) => !s.selected).map((s) => this.name(s.seat));
      setText(this.status, `Waiting for ${waiting.join(", ")}. The cards are turned over together.`);
      return;
    }
    if (pub.phase === "over" || !pub.turn) {
      setText(this.title, "The game is over");
      setText(this.status, "");
      return;
    }
    const turn = pub.turn;
    setText(this.title, this.myTurn() ? "Your turn" : `${this.ctx.seatName(turn.seat)}'s turn`);
    setText(this.status, `Play goes ${turn.direction} ${turn.direction === "clockwise" ? "↻" : "↺"}.${turn.extra ? " An extra turn after a burn." : ""}`);
  }

  drawPile() {
    const pub = this.pub;
    setText(this.constraint, pub.phase === "select" ? "any card (the game has not started)" : pub.constraint.text);
    const top = pub.pile[pub.pile.length - 1];
    const under = pub.pile[pub.pile.length - 2];
    replace(this.topCards,
      under ? h("span", { class: "cs-under" }, h("span", { class: "muted", text: "Under it: " }), under.cards.slice(-1).map((c) => cardFace(c, { small: true }))) : null,
      top ? h("span", { class: "cs-top-play" }, top.cards.map((c) => cardFace(c)),
        h("span", { class: "cs-played-by", text: `played by ${this.name(top.seat)}${rankOf(top.value) !== printedRank(top.cards[top.cards.length - 1]) ? ` · counts as ${top.value}` : ""}${top.cancelled ? " · power cancelled" : ""}` }))
        : h("span", { class: "cs-empty", text: "The pile is empty." }));
    const cards = pub.pile.reduce((n, play) => n + play.cards.length, 0);
    const source = pub.source;
    replace(this.pileMeta,
      `${cards} card${cards === 1 ? "" : "s"} in the pile · Source: ${source.count} card${source.count === 1 ? "" : "s"}`,
      source.top ? [" (top: ", cardFace(source.top, { small: true }), ")"] : null,
      ` · ${pub.out} burned`);
    const fields = Object.entries(pub.fields.ranks);
    syncList(this.fieldsList, fields.length ? fields : [["none", 0]], ([rank]) => rank,
      () => h("li"),
      (li, [rank, count]) => setText(li, rank === "none" ? "None yet." : `${rank}${count > 1 ? ` ×${count}` : ""}: ${FIELD_TEXT[rank] || ""}.`));
    if (fields.length) this.fieldsList.append(h("li", { class: "muted", text: `Hand size ${pub.fields.hand_size}.` }));
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
      ? `Turn order (${turn.direction}): ${order.map((s, i) => (i === 0 ? `${this.name(s)} now` : this.name(s))).join(" → ")}`
      : pub.phase === "select" ? `${pub.first === this.ctx.seat ? "You play" : `${this.ctx.seatName(pub.first)} plays`} first, then play goes clockwise.` : "");
    syncList(this.seatList, pub.seats, (s) => s.seat, () => h("li", { class: "cs-seat" }), (li, s) => {
      const acting = turn && turn.seat === s.seat && pub.phase === "play";
      li.classList.toggle("is-acting", Boolean(acting));
      const flags = [];
      if (acting) flags.push("▶ to play");
      if (s.place) flags.push(`finished ${PLACES[s.place]}`);
      if (pub.phase === "select") flags.push(s.selected ? "laid out ✓" : "laying out…");
      const down = s.face_down.filter(Boolean).length;
      // While the others choose, your own choice is shown to you alone.
      const chosen = s.seat === this.ctx.seat && this.mine && this.mine.selection;
      const field = s.field || (chosen && chosen.field);
      const faceUp = chosen && !s.field ? chosen.face_up.map((card) => ({ card, horizontal: false })) : s.face_up;
      const secret = chosen && !s.field ? "secret" : "";
      replace(li,
        h("h4", { class: "cs-seat-name" }, this.name(s.seat), flags.length ? h("span", { class: "cs-flags", text: ` · ${flags.join(" · ")}` }) : null),
        h("p", { class: "cs-seat-counts", text: `${s.hand} in hand · ${down} face down${s.field_changes ? ` · ${s.field_changes} field change${s.field_changes > 1 ? "s" : ""}` : ""}` }),
        h("div", { class: "cs-layout" },
          h("div", { class: "cs-slot-group" }, h("span", { class: "cs-label", text: "Field" }),
            field ? cardFace(field, { small: true, note: secret }) : cardBack(pub.phase === "select" ? "Field card not chosen or not shown yet" : "No field card")),
          h("div", { class: "cs-slot-group" }, h("span", { class: "cs-label", text: "Face up" }),
            faceUp.map((slot, i) => (slot.card ? cardFace(slot.card, { small: true, note: slot.horizontal ? "sideways" : secret })
              : h("span", { class: "cs-card cs-small cs-gap", role: "img", "aria-label": `Face-up slot ${i + 1} empty`, text: "—" })))),
          h("div", { class: "cs-slot-group" }, h("span", { class: "cs-label", text: "Face down" }),
            down ? cardBack(`${down} face-down card${down > 1 ? "s" : ""}`, down) : h("span", { class: "muted", text: "none" }))));
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
    if (pub.phase === "select") {
      if (mine.selection) return { key: "selected", prompt: "Your cards are laid out. Waiting for the others.", grid: { items: hand, title: "Your hand" } };
      return {
        key: "select",
        prompt: "Choose 3 cards to lay face up, then a 4th card as your field card. Nobody sees your choice until everyone has chosen.",
        grid: { items: hand, mode: { max: 4, ordered: true }, title: "Your hand: pick 3 face-up cards, then your field card" },
        primary: { label: "Lay out these cards", ready: () => this.grid.selected.length === 4, run: () => this.layOut() },
      };
    }
    if (!this.myTurn()) {
      const who = pub.turn ? this.ctx.seatName(pub.turn.seat) : "";
      return { key: "wait", prompt: pub.phase === "play" ? `Waiting for ${who}.` : "", grid: { items: hand, title: "Your hand" } };
    }
    const turn = pub.turn;
    const can = mine.can;
    const zone = can.zone;
    const zoneCards = zone === "face-up" ? pub.seats[this.ctx.seat].face_up.map((s) => s.card).filter(Boolean) : hand;
    const zoneTitle = zone === "face-up" ? "Your face-up cards" : "Your hand";
    switch (turn.decision) {
      case "play": return this.askPlay(zone, zoneCards, zoneTitle);
      case "run": return this.askRun(zone, zoneCards, zoneTitle);
      case "swap": return this.askSwap();
      case "seven":
      case "field-seven": return {
        key: `dir:${turn.decision}`,
        prompt: turn.decision === "seven" ? "Your 7: must the next player play higher or lower than 7 (or another 7)?" : "7-field: must the next play be equal or higher, or equal or lower, than yours?",
        grid: { items: hand, title: "Your hand" },
        buttons: can.direction.map((d) => ({ label: d === "higher" ? "Higher ↑" : "Lower ↓", run: () => this.send({ type: "direction", direction: d }) })),
      };
      case "jack":
      case "field-jack": return {
        key: `jack:${turn.decision}`,
        prompt: turn.decision === "jack" ? "Your J: name who plays next." : "J-field: name who plays next.",
        grid: { items: hand, title: "Your hand" },
        buttons: can.choose.map((seat) => ({ label: `${this.ctx.seatName(seat)} goes next`, run: () => this.send({ type: "choose", seat }) })),
      };
      default: return { key: "unknown", prompt: "Waiting…", grid: { items: hand, title: "Your hand" } };
    }
  }

  blindButtons(label) {
    return this.mine.can.blind.map((slot) => ({ label: `${label} ${slot + 1}`, run: () => this.send({ type: "play-blind", slot }) }));
  }

  /** The set of `can.play` a card belongs to: its rank's cards and the counts a play may hold. */
  playSet(card) {
    return this.mine.can.play.find((set) => set.cards.includes(card.id)) || null;
  }

  askPlay(zone, cards, title) {
    const pub = this.pub;
    const lead = pub.constraint.follow_up ? "Follow your Q. " : pub.turn.extra ? "Extra turn after the burn. " : "";
    const need = `Next play: ${pub.constraint.text}.`;
    const can = this.mine.can;
    const toggle = can.field_change ? { label: this.changingField ? "Cancel the field change" : "Change your field card…", pressed: this.changingField, run: () => this.toggleFieldChange() } : null;
    if (zone === "face-down") {
      return {
        key: "blind", prompt: `${lead}${need} Your hand and face-up cards are gone: turn over a face-down card. If it cannot go on the pile, you pick the pile up.`,
        buttons: this.blindButtons("Play face-down card"), toggle, fieldChange: this.changingField,
      };
    }
    const pickup = { label: "Pick up the pile", run: () => this.send({ type: "pickup" }) };
    if (can.pickup) {
      return {
        key: `pickup:${pub.pile.length}`, prompt: `${lead}${need} Nothing you can play fits: pick up the pile.`,
        grid: { items: cards, title }, buttons: [pickup], toggle, fieldChange: this.changingField,
      };
    }
    return {
      key: `play:${zone}:${pub.pile.length}:${pub.turn.plays}`,
      prompt: `${lead}${need} Select one or more cards of one rank${zone === "face-up" ? " from your face-up cards" : ""}, then play them.`,
      grid: { items: cards, title, mode: { max: cards.length, ordered: false }, disabled: (card) => !this.playSet(card) },
      primary: this.playButton(),
      toggle, fieldChange: this.changingField,
    };
  }

  playButton() {
    return {
      label: () => {
        const chosen = this.chosenCards();
        return chosen.length ? `Play ${chosen.length > 1 ? `${chosen.length} × ` : ""}${chosen[0].rank === 0 ? "Joker" : cardShort(chosen[0]).replace(/[♣♦♥♠]$/, "")}` : "Play (select cards first)";
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
    const end = mayEnd ? { label: started ? "End the run" : "No run: just this card", run: () => this.send({ type: "end-run" }) } : null;
    const shown = next === 14 ? "A" : next === 11 ? "J" : next === 12 ? "Q" : next === 13 ? "K" : String(next);
    const prompt = started
      ? `4-run: go on with more ${run.rank}s or the next rank (${shown})${mayEnd ? ", or end the run" : `; it must reach ${down ? "2" : "6"}`}. Run cards have no abilities.`
      : `You may start a 4-run: play the next rank (${shown}) and go on to ${down ? "2" : "6 or beyond"}, or play no run. Run cards have no abilities.`;
    if (zone === "face-down") return { key: `run-blind:${reached}`, prompt, buttons: [...this.blindButtons("Run on with face-down card"), end].filter(Boolean) };
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
    const intro = `Your 5: you may swap a card from your hand with one of your ${faceDown ? "face-down" : "face-up"} cards${left > 1 ? ` (${left} swaps left)` : ""}.`;
    const noSwap = { label: "Don't swap", run: () => this.send({ type: "no-swap" }) };
    if (can.keep && this.mine.peek) {
      const peek = this.mine.peek;
      return {
        key: `peeked:${peek.slot}`, prompt: `Face-down card ${peek.slot + 1} is the ${cardName(peek.card)}. Swap it with a card from your hand, or keep it.`,
        swap: { hand, slots: [{ slot: peek.slot, label: `face-down card ${peek.slot + 1}` }] },
        buttons: [{ label: "Keep it", run: () => this.send({ type: "keep" }) }],
      };
    }
    if (can.peek.length) {
      return {
        key: `peek:${left}`, prompt: `${intro} Look at a face-down card first.`,
        buttons: [...can.peek.map((slot) => ({ label: `Look at face-down card ${slot + 1}`, run: () => this.send({ type: "peek", slot }) })), noSwap],
      };
    }
    const label = (slot) => {
      const up = seat.face_up[slot];
      return faceDown ? `face-down card ${slot + 1}` : `face-up ${cardName(up.card)}${up.horizontal ? " (sideways)" : ""}`;
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
    return h("fieldset", { class: "cs-form" }, h("legend", { text: "Swap" }),
      h("label", { for: "cs-swap-hand", text: "Card from your hand" }), handSelect,
      h("label", { for: "cs-swap-slot", text: "Goes in place of" }), slotSelect,
      h("button", { type: "button", class: "primary", text: "Swap them", disabled: this.busy,
        onclick: () => this.send({ type: "swap", hand: Number(handSelect.value), slot: Number(slotSelect.value) }) }));
  }

  fieldChangeForm() {
    const seat = this.pub.seats[this.ctx.seat];
    const change = this.mine.can.field_change;
    const newField = h("select", { id: "cs-new-field" }, this.mine.hand.filter((c) => change.new_cards.includes(c.id)).map((c) => h("option", { value: c.id, text: cardName(c) })));
    const burn = h("select", { id: "cs-burn" }, seat.face_up.filter((s) => s.card && change.burn_cards.includes(s.card.id)).map((s) => h("option", { value: s.card.id, text: cardName(s.card) })));
    return h("fieldset", { class: "cs-form" }, h("legend", { text: `Change your field card (${3 - seat.field_changes} left)` }),
      h("p", { class: "muted", text: "Your field card goes to your hand, a face-up card burns, and the source's top card takes its place sideways." }),
      h("label", { for: "cs-new-field", text: "New field card from your hand" }), newField,
      h("label", { for: "cs-burn", text: "Face-up card to burn" }), burn,
      h("button", { type: "button", class: "primary", text: "Change field", disabled: this.busy,
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
    if (!chosen.length) return "Nothing picked yet.";
    const up = chosen.slice(0, 3).map(cardShort).join(", ");
    return `Face up: ${up}${chosen.length === 4 ? ` · Field card: ${cardShort(chosen[3])}` : ` · pick ${4 - chosen.length} more`}`;
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
    return this.send({ type: "select", face_up: ids.slice(0, 3), field: ids[3] }, "Laid out. Waiting for the others.");
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
