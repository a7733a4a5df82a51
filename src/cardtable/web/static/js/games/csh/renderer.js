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
import { formatList, t } from "../../i18n.js";
import { ActionBar, GameRenderer } from "../scaffold.js";
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
    // Named by its title and the prompt, so that it is not a second "Your move" beside the bar's.
    this.moves = h("section", { class: "panel csh-moves", "aria-labelledby": "csh-moves-title csh-prompt", hidden: true },
      h("h3", { id: "csh-moves-title", text: t("game.common.your-move") }), this.prompt, this.countdown, this.groups);
    this.autoPassBox = h("input", { type: "checkbox", id: "csh-auto-pass", onchange: () => this.sendAutoPass() });
    this.autoPass = h("label", { class: "csh-auto-pass", for: "csh-auto-pass", hidden: true }, this.autoPassBox,
      h("span", { text: t("game.csh.ui.auto-pass") }));
    this.stackList = h("ol", { class: "csh-effects", "aria-label": t("game.csh.ui.stack-label") });
    this.effects = h("section", { class: "panel csh-effect-stack", "aria-labelledby": "csh-effects-title", hidden: true },
      h("h3", { id: "csh-effects-title", text: t("game.csh.ui.stack") }), this.stackList);
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
      h("section", { class: "panel csh-table-facts", "aria-label": t("game.csh.ui.facts") }, this.facts),
      this.hand,
      h("section", { class: "panel csh-log-panel", "aria-labelledby": "csh-log-title" },
        h("h3", { id: "csh-log-title", text: t("game.csh.ui.log") }), this.log),
      h("section", { class: "panel csh-archives-panel", "aria-labelledby": "csh-archives-title" },
        h("h3", { id: "csh-archives-title", text: t("game.csh.ui.archives") }), this.archives),
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
    if (you && you.hand.some((c) => c.id === card.id)) return t("game.csh.where.hand", { card: name });
    for (const [seat, archive] of pub.archives.entries()) {
      const index = archive.stacks.findIndex((stack) => stack.some((c) => c.id === card.id));
      const vars = { card: name, number: index + 1, name: this.ctx.seatName(seat) };
      if (index >= 0) return t(seat === this.ctx.seat ? "game.csh.where.archive.yours" : "game.csh.where.archive", vars);
    }
    if (pub.discard.some((c) => c.id === card.id)) return t("game.csh.where.discard", { card: name });
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
    tags.push(t("game.csh.tag.cards", { count: pub.hands[seat] }));
    if (pub.start === seat) tags.push(t("game.csh.tag.started"));
    if (pub.election.drawn && pub.election.by === seat) tags.push(t("game.csh.tag.election"));
    if (pub.phase !== "over" && pub.current === seat && pub.phase !== "draft") tags.push(t("game.csh.tag.on-turn", { count: pub.actions }));
    const waiting = pub.waiting.includes(seat);
    if (pub.auto_pass[seat] && pub.phase !== "over") tags.push(t("game.csh.tag.auto-pass"));
    if (waiting && pub.phase === "window") tags.push(t("game.csh.tag.answering"));
    else if (waiting && pub.phase === "choice") tags.push(t("game.csh.tag.choosing"));
    return { score: pub.archives[seat].total, tags, active: waiting };
  }

  headline(result, ctx) {
    if (!result.winners.length || !result.scores) return null;
    const names = formatList(result.winners.map((seat) => ctx.seatName(seat)));
    const vp = result.scores[result.winners[0]];
    return t(result.winners.length > 1 ? "game.csh.end.share" : "game.csh.end.wins", { names, count: vp });
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
    let title = t("game.csh.title.over");
    if (pub.phase === "draft") title = t("game.csh.title.draft");
    else if (pub.phase !== "over") {
      const whose = pub.current === this.ctx.seat ? t("game.csh.title.yours") : t("game.csh.title.theirs", { name: this.ctx.seatName(pub.current) });
      title = [t("game.csh.title.turn", { number: pub.turn }), whose, t("game.csh.title.actions", { count: pub.actions })].join(" · ");
    }
    setText(this.title, title);
    let status = "";
    // Whom a reaction window waits for, besides you (your own answer is asked of you below).
    const others = pub.waiting.filter((seat) => seat !== this.ctx.seat);
    if (pub.phase === "window") status = others.length ? t("game.csh.status.window", { names: formatList(others.map((seat) => this.name(seat))) }) : "";
    else if (pub.phase !== "over" && pub.waiting.length && !pub.waiting.includes(this.ctx.seat)) {
      const what = { choice: "game.csh.status.choice", draft: "game.csh.status.draft", turn: "game.csh.status.turn" }[pub.phase];
      if (what) status = t(what, { name: this.ctx.seatName(pub.waiting[0]) });
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
    const tick = () => setText(this.countdown, t("game.csh.ui.closes", { count: Math.max(0, Math.ceil(deadline - Date.now() / 1000)) }));
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
        h("p", { class: "csh-group-title", text: group.title }), h("p", { class: "csh-group-detail" }), h("div", { class: "csh-group-buttons" })),
      (node, group) => {
        setText(node.firstElementChild, group.title);
        node.setAttribute("aria-label", group.title);
        const detail = node.children[1];
        setText(detail, group.detail || "");
        detail.hidden = !group.detail;
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
        const state = t(frame.canceled ? "game.csh.frame.canceled" : frame.negated ? "game.csh.frame.negated" : frame.resolving ? "game.csh.frame.resolving" : "game.csh.frame.waiting");
        setText(li, `${frameWords(stack, index, words)} (${state})`);
      });
  }

  drawFacts() {
    const pub = this.ctx.view.public;
    const top = pub.discard[pub.discard.length - 1];
    const election = pub.election.drawn ? t("game.csh.fact.election-drawn", { name: this.ctx.seatName(pub.election.by) }) : t("game.csh.fact.election-not");
    const facts = [
      [t("game.csh.fact.deck"), t("game.csh.tag.cards", { count: pub.deck })],
      [t("game.csh.fact.discard"), pub.discard.length ? t("game.csh.fact.discard-top", { count: pub.discard.length, card: this.cat.name(top) }) : t("game.csh.fact.empty")],
      [t("game.csh.fact.election"), election],
    ];
    if (pub.start !== null) facts.push([t("game.csh.fact.start"), this.ctx.seatName(pub.start)]);
    const you = this.ctx.view.you;
    if (you && you.top.length) facts.push([t("game.csh.fact.top"), you.top.map((c) => this.cat.name(c)).join(t("game.csh.then"))]);
    replace(this.facts, facts.map(([term, value]) => h("div", { class: "csh-fact" }, h("dt", { text: term }), h("dd", { text: value }))));
  }

  drawHand() {
    const you = this.ctx.view.you;
    this.hand.hidden = !you || this.host.mode === "tv";
    if (!you) return;
    setText(this.handTitle, t("game.csh.ui.hand", { count: you.hand.length }));
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
        setText(li.children[1], type ? [this.cat.setName(type.set), this.cat.printedVp(type), type.reaction ? t("game.csh.ui.reaction") : ""].filter(Boolean).join(" · ") : "");
        setText(li.children[2], this.cat.text(card));
      });
  }

  drawArchives() {
    const pub = this.ctx.view.public;
    const me = this.ctx.seat;
    const order = pub.archives.map((_, seat) => seat).sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
    replace(this.archives, order.map((seat) => archiveSection(pub.archives[seat], {
      label: seat === me ? t("game.csh.archive.yours") : t("game.csh.archive.theirs", { name: this.ctx.seatName(seat) }),
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
