// games/csh/renderer.js: the CSH: The Card Game table. It shows what is asked of you now as labelled
// buttons grouped by kind (draw, play a card into a slot, pass or Cancel, a choice); in a
// reaction window, which waits on everyone at once (CSH-10), your reactions and Pass, or when you
// have none "Waiting for reactions" with the time left and a small "Go on"; an "Auto-pass
// reactions" switch for every seat while the game runs; the effect stack while it resolves, the deck, discard pile and Election, your hand, every Archive with
// its stacks and totals, and a log of what happened; it tells screen readers whose turn it is
// and what others did. The final count is the history panel. What you may do comes from the
// server (`view.you.can`, worded by offers.js). Drawing and passing, the moves that come back
// turn after turn, are in the bottom bar (scaffold.js ActionBar). See games/index.js for the seam.

import { announce } from "../../announce.js";
import { h, replace, setText, syncList } from "../../dom.js";
import { ActionBar, GameRenderer, plural } from "../scaffold.js";
import { archiveSection } from "./archives.js";
import { Catalog } from "./cards.js";
import { historyList } from "./history.js";
import { movesFor } from "./offers.js";
import { END_REASONS, eventNews, frameWords } from "./words.js";

const LOG_LENGTH = 8;
/** The moves that go in the bottom bar rather than among the groups of "Your move". */
const BAR_MOVES = new Set(["draw", "pass"]);

export function createRenderer(host) {
  return new CshRenderer(host);
}

class CshRenderer extends GameRenderer {
  constructor(host) {
    super(host, END_REASONS);
    this.cat = new Catalog(null);
    this.seen = new Map();
    this.lines = [];
    this.lineCount = 0;
    this.switching = false;

    this.title = h("h2", { id: "stage-title", class: "csh-title" });
    this.status = h("p", { class: "csh-status" });
    this.prompt = h("p", { class: "csh-prompt", id: "csh-prompt" });
    this.countdown = h("p", { class: "csh-countdown muted", role: "timer", hidden: true });
    this.groups = h("div", { class: "csh-groups" });
    this.moves = h("section", { class: "panel csh-moves", "aria-labelledby": "csh-moves-title", hidden: true },
      h("h3", { id: "csh-moves-title", text: "Your move" }), this.prompt, this.countdown, this.groups);
    this.autoPassBox = h("input", { type: "checkbox", id: "csh-auto-pass", onchange: () => this.sendAutoPass() });
    this.autoPass = h("label", { class: "csh-auto-pass", for: "csh-auto-pass", hidden: true }, this.autoPassBox,
      h("span", { text: "Auto-pass reactions" }));
    this.stackList = h("ol", { class: "csh-effects", "aria-label": "Effect stack, top first" });
    this.effects = h("section", { class: "panel csh-effect-stack", "aria-labelledby": "csh-effects-title", hidden: true },
      h("h3", { id: "csh-effects-title", text: "Effect stack (top resolves first)" }), this.stackList);
    this.facts = h("dl", { class: "csh-facts" });
    this.handTitle = h("h3", { id: "csh-hand-title" });
    this.handList = h("ul", { class: "csh-hand", "aria-labelledby": "csh-hand-title" });
    this.hand = h("section", { class: "panel csh-hand-panel", "aria-labelledby": "csh-hand-title" }, this.handTitle, this.handList);
    this.archives = h("div", { class: "csh-archives" });
    this.log = h("ol", { class: "csh-log" });
    this.bar = new ActionBar();
    // The bar's buttons, one a kind of move, each sending the move it offers now.
    this.barButtons = new Map([...BAR_MOVES].map((type) => [type, h("button", { type: "button", onclick: (event) => this.send(event.currentTarget.action) })]));

    this.element = h("div", { class: `csh mode-${host.mode}` },
      h("div", { class: "csh-head" }, this.title, this.status, this.autoPass),
      this.moves, this.effects,
      h("section", { class: "panel csh-table-facts", "aria-label": "Deck, discard pile and Election" }, this.facts),
      this.hand,
      h("section", { class: "panel csh-log-panel", "aria-labelledby": "csh-log-title" },
        h("h3", { id: "csh-log-title", text: "What happened" }), this.log),
      h("section", { class: "panel csh-archives-panel", "aria-labelledby": "csh-archives-title" },
        h("h3", { id: "csh-archives-title", text: "Archives" }), this.archives),
      this.bar.element);
    this.mount(this.element, this.title);
  }

  destroy() {
    super.destroy();
    this.bar.destroy();
    clearInterval(this.ticker);
  }

  // -- words --------------------------------------------------------------------------------

  find(id) {
    return this.seen.get(id) || { id, down: true };
  }

  /** A card and where it lies, for the buttons of a choice. */
  where(card) {
    const pub = this.ctx.view.public;
    const name = this.cat.summary(card);
    const you = this.ctx.view.you;
    if (you && you.hand.some((c) => c.id === card.id)) return `${name} (your hand)`;
    for (const [seat, archive] of pub.archives.entries()) {
      const index = archive.stacks.findIndex((stack) => stack.some((c) => c.id === card.id));
      if (index >= 0) return `${name} (${seat === this.ctx.seat ? "your" : `${this.ctx.seatName(seat)}'s`} Archive, stack ${index + 1})`;
    }
    if (pub.discard.some((c) => c.id === card.id)) return `${name} (discard pile)`;
    return name;
  }

  words() {
    return {
      cat: this.cat, me: this.ctx.seat,
      names: (seat) => this.name(seat), find: (id) => this.find(id), where: (card) => this.where(card),
      playing: (frame) => frameWords(this.ctx.view.public.stack, this.ctx.view.public.stack.indexOf(frame), this.words()),
    };
  }

  remember(cards) {
    for (const card of cards) if (card && card.card && !card.down) this.seen.set(card.id, { id: card.id, card: card.card });
  }

  rememberView(view, events) {
    const pub = view.public;
    for (const event of events) this.remember([...(event.cards || []), event.card]);
    for (const archive of pub.archives) for (const stack of archive.stacks) this.remember(stack);
    this.remember(pub.discard);
    if (view.you) this.remember([...view.you.hand, ...(view.you.options || [])]);
  }

  // -- the seam -----------------------------------------------------------------------------

  seatInfo(seat) {
    const view = this.ctx && this.ctx.view;
    if (!view) return null;
    const pub = view.public;
    if (!pub.archives[seat]) return null;
    const tags = [];
    const directorship = pub.directorships[seat];
    if (directorship) tags.push(this.cat.setName(directorship));
    tags.push(plural(pub.hands[seat], "card"));
    if (pub.start === seat) tags.push("started");
    if (pub.election.drawn && pub.election.by === seat) tags.push("drew the Election");
    if (pub.phase !== "over" && pub.current === seat && pub.phase !== "draft") tags.push(`on turn, ${plural(pub.actions, "action")} left`);
    const waiting = pub.waiting.includes(seat);
    if (pub.auto_pass[seat] && pub.phase !== "over") tags.push("auto-pass");
    if (waiting && pub.phase === "window") tags.push("to answer…");
    else if (waiting && pub.phase === "choice") tags.push("choosing…");
    return { score: pub.archives[seat].total, tags, active: waiting };
  }

  headline(result, ctx) {
    if (!result.winners.length || !result.scores) return null;
    const names = result.winners.map((seat) => ctx.seatName(seat)).join(" and ");
    const vp = result.scores[result.winners[0]];
    return `${names} ${result.winners.length > 1 ? "share the win" : "wins"} with ${vp} Voting Power!`;
  }

  history(data, gameNumber, ctx) {
    return historyList(data, gameNumber, { cat: new Catalog(ctx.game), seatName: ctx.seatName });
  }

  // -- drawing ------------------------------------------------------------------------------

  update(ctx, events) {
    this.ctx = ctx;
    if (ctx.game && !this.cat.types.size) this.cat = new Catalog(ctx.game);
    this.rememberView(ctx.view, events);
    const words = this.words();
    this.drawHead(words);
    this.drawAutoPass();
    this.drawMoves(words);
    this.drawCountdown();
    this.drawEffects(words);
    this.drawFacts();
    this.drawHand();
    this.drawArchives();
    this.news(events, words);
    this.keepFocus();
  }

  drawHead() {
    const pub = this.ctx.view.public;
    let title = "The game is over";
    if (pub.phase === "draft") title = "Choosing directorships";
    else if (pub.phase !== "over") title = `Turn ${pub.turn} · ${pub.current === this.ctx.seat ? "Your turn" : `${this.ctx.seatName(pub.current)}'s turn`} · ${plural(pub.actions, "action")} left`;
    setText(this.title, title);
    let status = "";
    if (pub.phase === "window") status = `Reaction window: waiting for ${pub.waiting.map((seat) => this.name(seat)).join(", ")}.`;
    else if (pub.phase !== "over" && pub.waiting.length && !pub.waiting.includes(this.ctx.seat)) {
      const what = { choice: "to choose", draft: "to choose a directorship", turn: "to act" }[pub.phase];
      status = `Waiting for ${this.ctx.seatName(pub.waiting[0])} ${what}.`;
    }
    setText(this.status, status);
  }

  /** Every seat may switch auto-pass on or off at any time while the game runs. */
  drawAutoPass() {
    const pub = this.ctx.view.public;
    const seat = this.ctx.seat;
    this.autoPass.hidden = seat === null || seat === undefined || !this.ctx.view.you || this.host.mode === "tv" || pub.phase === "over";
    if (this.autoPass.hidden) return;
    this.autoPassBox.checked = Boolean(pub.auto_pass[seat]);
    this.autoPassBox.disabled = this.switching;
  }

  sendAutoPass() {
    if (this.switching) return;
    this.switching = true;
    this.autoPassBox.disabled = true;
    const done = () => {
      this.switching = false;
      if (this.ctx) this.drawAutoPass();
    };
    this.host.act({ type: "auto-pass", on: this.autoPassBox.checked }).then(done, done);
  }

  /** The time left in an open reaction window, from the table's deadline (wall clock). */
  drawCountdown() {
    const pub = this.ctx.view.public;
    const deadline = pub.phase === "window" && this.ctx.table ? this.ctx.table.deadline : null;
    this.countdown.hidden = deadline === null || deadline === undefined;
    if (this.countdown.hidden) {
      clearInterval(this.ticker);
      this.ticker = null;
      return;
    }
    const tick = () => setText(this.countdown, `Closes in ${Math.max(0, Math.ceil(deadline - Date.now() / 1000))} s.`);
    tick();
    clearInterval(this.ticker);
    this.ticker = setInterval(tick, 250);
  }

  drawMoves(words) {
    const moves = this.host.mode === "tv" ? null : movesFor(this.ctx.view, this.ctx.seat, words);
    this.moves.hidden = !moves;
    this.current = moves;
    if (!moves) {
      this.bar.hide();
      return;
    }
    setText(this.prompt, moves.prompt);
    // Drawing and passing go in the bottom bar; the other moves stay in their groups.
    const groups = [];
    for (const button of this.barButtons.values()) button.hidden = true;
    for (const group of moves.groups) {
      for (const item of group.actions.filter((offer) => BAR_MOVES.has(offer.action.type))) {
        const button = this.barButtons.get(item.action.type);
        button.action = item.action;
        button.hidden = false;
        button.disabled = this.busy;
        button.className = item.minor ? "secondary csh-minor" : "primary";
        setText(button, item.label);
        button.setAttribute("aria-label", `${group.title}: ${item.label}`);
      }
      const kept = group.actions.filter((offer) => !BAR_MOVES.has(offer.action.type));
      if (kept.length) groups.push({ ...group, actions: kept });
    }
    this.bar.show([...this.barButtons.values()], moves.prompt);
    syncList(this.groups, groups, (group) => group.title,
      (group) => h("div", { class: "csh-group", role: "group", "aria-label": group.title },
        h("p", { class: "csh-group-title", text: group.title }), h("div", { class: "csh-group-buttons" })),
      (node, group) => {
        setText(node.firstElementChild, group.title);
        node.setAttribute("aria-label", group.title);
        syncList(node.lastElementChild, group.actions, (item) => JSON.stringify(item.action),
          (item) => h("button", { type: "button", class: "secondary", onclick: () => this.send(item.action) }),
          (button, item) => {
            setText(button, item.label);
            button.setAttribute("aria-label", `${group.title}: ${item.label}`);
            button.disabled = this.busy;
          });
      });
  }

  drawEffects(words) {
    const stack = this.ctx.view.public.stack;
    this.effects.hidden = !stack.length;
    const items = stack.map((frame, index) => ({ frame, index })).reverse();
    syncList(this.stackList, items, ({ frame, index }) => `${index}:${frame.cards.map((c) => c.id).join(",")}`,
      () => h("li", { class: "csh-effect" }),
      (li, { frame, index }) => {
        const state = frame.canceled ? "canceled" : frame.negated ? "negated: no effect" : frame.resolving ? "resolving" : "waiting for reactions";
        setText(li, `${frameWords(stack, index, words)} (${state})`);
      });
  }

  drawFacts() {
    const pub = this.ctx.view.public;
    const top = pub.discard[pub.discard.length - 1];
    const election = pub.election.drawn ? `Drawn by ${this.ctx.seatName(pub.election.by)}: the last round is on` : "Not drawn yet (it is among the bottom cards)";
    const facts = [
      ["Deck", plural(pub.deck, "card")],
      ["Discard pile", pub.discard.length ? `${plural(pub.discard.length, "card")}, top: ${this.cat.name(top)}` : "empty"],
      ["Election", election],
    ];
    if (pub.start !== null) facts.push(["Starting player", this.ctx.seatName(pub.start)]);
    const you = this.ctx.view.you;
    if (you && you.top.length) facts.push(["Top of the deck (only you know)", you.top.map((c) => this.cat.name(c)).join(", then ")]);
    replace(this.facts, facts.map(([term, value]) => h("div", { class: "csh-fact" }, h("dt", { text: term }), h("dd", { text: value }))));
  }

  drawHand() {
    const you = this.ctx.view.you;
    this.hand.hidden = !you || this.host.mode === "tv";
    if (!you) return;
    setText(this.handTitle, `Your hand (${plural(you.hand.length, "card")})`);
    const byType = new Map();
    for (const card of you.hand) {
      const entry = byType.get(card.card) || { card, count: 0 };
      entry.count += 1;
      byType.set(card.card, entry);
    }
    syncList(this.handList, [...byType.values()], (entry) => entry.card.card,
      () => h("li", { class: "csh-card" }, h("span", { class: "csh-card-name" }), h("span", { class: "csh-card-meta muted" }), h("span", { class: "csh-card-text" })),
      (li, { card, count }) => {
        const type = this.cat.type(card);
        li.className = `csh-card set-${type ? type.set : "none"}`;
        setText(li.children[0], `${this.cat.name(card)}${count > 1 ? ` ×${count}` : ""}`);
        setText(li.children[1], type ? `${this.cat.setName(type.set)} · ${this.cat.printedVp(type)}${type.reaction ? " · reaction" : ""}` : "");
        setText(li.children[2], type ? type.text : "");
      });
  }

  drawArchives() {
    const pub = this.ctx.view.public;
    const me = this.ctx.seat;
    const order = pub.archives.map((_, seat) => seat).sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
    replace(this.archives, order.map((seat) => archiveSection(pub.archives[seat], {
      label: seat === me ? "Your Archive" : `${this.ctx.seatName(seat)}'s Archive`,
      cat: this.cat,
      current: pub.phase !== "over" && pub.current === seat,
    })));
  }

  // -- acting -------------------------------------------------------------------------------

  drawBusy() {
    this.drawMoves(this.words());
  }

  /** A keyboard user whose button went away goes to the next move, or to the title. */
  focusTarget() {
    if (this.moves.hidden) return null;
    return [...this.barButtons.values(), ...this.groups.querySelectorAll("button")].find((button) => !button.hidden && !button.disabled) || null;
  }

  // -- what screen readers hear ---------------------------------------------------------------

  news(events, words) {
    for (const event of events) {
      const news = eventNews(event, words);
      if (!news) continue;
      announce(news.text, { urgent: news.urgent });
      this.lineCount += 1;
      this.lines.push({ n: this.lineCount, text: news.text });
    }
    this.lines = this.lines.slice(-LOG_LENGTH);
    syncList(this.log, this.lines, (line) => line.n, (line) => h("li", { text: line.text }));
    // What is asked of you is said once each time it changes.
    const pub = this.ctx.view.public;
    const asked = this.current && !this.current.quiet ? JSON.stringify([pub.phase, pub.turn, pub.actions, pub.stack.length, pub.choice]) : "";
    this.askOnce(asked, asked ? this.current.prompt : "");
  }
}
