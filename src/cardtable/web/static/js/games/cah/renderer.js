// games/cah/renderer.js: the Cards Against Humanity table. It draws the black card (always in view),
// the anonymous answers (revealed one by one and each read with the black card), your hand as
// a card grid with the pick order, the action of the moment (submit, reveal, pick, rank, vote,
// eliminate), the house rules' own actions (bet, discard, reboot, Never Have I Ever), the last
// round's winner, report buttons (the black card, an answer, a card in your hand, the winning
// answer), and it tells screen readers each change. A player who joined mid-round (`you.next_round`)
// is told they play from the next round instead of being shown a hand. What your seat may do
// comes from the server (`view.you.can`, docs/views/cah.md): no rule is worked out here. The
// action of the moment is in the bottom bar (scaffold.js ActionBar). See games/index.js for the seam.

import { announce } from "../../announce.js";
import { CardGrid } from "../../card-grid.js";
import { celebrate } from "../../celebrate.js";
import { h, replace, setText, syncList } from "../../dom.js";
import { formatList, t } from "../../i18n.js";
import { speakerIcon } from "../../icons.js";
import { pref } from "../../prefs.js";
import { cardReport } from "../../report.js";
import { canSpeak, speak } from "../../speech.js";
import { ActionBar, GameRenderer } from "../scaffold.js";
import { midSentence } from "../subject.js";
import { blackNodes, blackSentence, pickLabel, whiteText } from "./cards.js";
import { historyList } from "./history.js";
import { END_REASONS, eventNews, sizesWords, turnPrompt } from "./words.js";

/** What a spectator, or a seat with nothing to do, may do (the shape of `you.can`). */
const NOTHING = {
  submit: null, reveal: false, pick: null, rank: null, vote: null, eliminate: null,
  bet: null, discard: false, reboot: null, fullReboot: false, neverHaveIEver: false, confessCards: [],
};

/** Each way of using your hand: its button and the help said when it is chosen (catalogue keys). */
const HAND_MODES = {
  bet: { label: "game.cah.mode.bet", help: "game.cah.mode.bet.help", title: "game.cah.hand.bet" },
  discard: { label: "game.cah.mode.discard", help: "game.cah.mode.discard.help", title: "game.cah.hand.discard" },
  reboot: { label: "game.cah.mode.reboot", help: "game.cah.mode.reboot.help", title: "game.cah.hand.reboot" },
  nhie: { label: "game.cah.mode.nhie", help: "game.cah.mode.nhie.help", title: "game.cah.hand.nhie" },
};

/** A touch screen with no keyboard to speak of: hints name no keys there. */
const TOUCH = window.matchMedia("(hover: none) and (pointer: coarse)");

export function createRenderer(host) {
  return new CahRenderer(host);
}

class CahRenderer extends GameRenderer {
  constructor(host) {
    super(host, END_REASONS);
    this.blacks = new Map();
    this.handMode = "play";

    this.title = h("h2", { id: "stage-title", class: "round-title" });
    this.blackText = h("p", { class: "black-text" });
    this.blackMeta = h("p", { class: "black-meta" });
    this.reportBlackButton = host.mode === "tv" ? null : h("button", { type: "button", class: "tiny-button", onclick: () => this.reportBlack() },
      t("game.cah.ui.report"), h("span", { class: "visually-hidden", text: t("game.cah.ui.report-black-hidden") }));
    this.blackCard = h("div", { class: "card black-card", role: "group", "aria-label": t("game.cah.ui.black-card") },
      this.blackText, this.blackMeta,
      h("div", { class: "black-tools" },
        canSpeak() ? h("button", { type: "button", class: "tiny-button", onclick: () => speak(this.blackSpeech()) }, speakerIcon(), t("game.cah.ui.read-aloud")) : null,
        this.reportBlackButton));
    this.status = h("p", { class: "round-status" });
    this.rando = h("p", { class: "rando-line muted", hidden: true });

    this.answerGrid = new CardGrid({
      label: t("game.cah.ui.answers"), className: "answer-grid",
      onConfirm: () => this.answerAction(), onChange: () => this.drawActions(),
    });
    this.answersNote = h("p", { class: "muted answers-note" });
    this.faceDown = h("div", { class: "face-down", "aria-hidden": "true" });
    this.reportAnswers = h("button", { type: "button", class: "tiny-button", text: t("game.cah.ui.report-answer"), hidden: true, onclick: () => this.reportAnswer() });
    this.answers = h("section", { class: "answers", "aria-labelledby": "answers-title", hidden: true },
      h("div", { class: "section-head" }, h("h3", { id: "answers-title", text: t("game.cah.ui.answers") }), this.reportAnswers),
      this.answersNote, this.answerGrid.element, this.faceDown);

    this.primary = h("button", { type: "button", class: "primary action-button", "aria-describedby": "action-hint", onclick: () => this.primaryAction() });
    this.cancel = h("button", { type: "button", class: "secondary", text: t("game.cah.ui.cancel"), onclick: () => this.setHandMode("play") });
    this.bar = new ActionBar({ hintId: "action-hint" });

    this.handGrid = new CardGrid({
      label: t("game.cah.ui.hand"), className: "hand-grid",
      onConfirm: () => this.handAction(),
      onChange: () => {
        this.drawWriteArea();
        this.drawActions();
      },
    });
    this.writeArea = h("div", { class: "write-area" });
    this.played = h("p", { class: "played", hidden: true });
    this.handTitle = h("h3", { id: "hand-title", text: t("game.cah.ui.hand") });
    this.hand = h("section", { class: "hand", "aria-labelledby": "hand-title" },
      h("div", { class: "hand-head" }, this.handTitle,
        h("button", { type: "button", class: "tiny-button", text: t("game.cah.ui.report-card"), onclick: () => this.reportHand() },
          h("span", { class: "visually-hidden", text: t("game.cah.ui.report-card-hidden") })),
        h("p", { class: "muted keys-hint", text: t("game.cah.ui.keys") })),
      this.played, this.handGrid.element, this.writeArea);

    this.nextRound = h("p", { class: "next-round-note", hidden: true, text: t("game.cah.ui.next-round") });
    this.modeButtons = h("div", { class: "mode-buttons" });
    this.nhieList = h("ul", { class: "nhie-list" });
    this.house = h("section", { class: "house-rules", "aria-labelledby": "house-title", hidden: true },
      h("h3", { id: "house-title", text: t("game.cah.ui.house-rules") }), this.modeButtons, this.nhieList);

    this.lastRound = h("section", { class: "last-round", "aria-labelledby": "last-title", hidden: true });
    this.endButton = h("button", { type: "button", class: "quiet-button", text: t("game.cah.ui.end-game"), hidden: true, onclick: () => this.endGame() });

    this.element = h("div", { class: `cah mode-${host.mode}` },
      h("div", { class: "cah-head" }, this.title, this.status),
      h("div", { class: "cah-board" },
        // The big screen keeps the last round's winner in view, under the black card.
        h("div", { class: "black-zone" }, this.blackCard, this.rando, host.mode === "tv" ? this.lastRound : null),
        h("div", { class: "play-zone" }, this.answers, this.nextRound, this.hand, this.house)),
      host.mode === "tv" ? null : this.lastRound, this.endButton, this.bar.element);
    this.mount(this.element, this.title);
  }

  destroy() {
    super.destroy();
    this.bar.destroy();
  }

  /** A keyboard user whose focused control disappeared goes back to the hand (or the title). */
  focusTarget() {
    return !this.hand.hidden && this.handGrid.items.length ? this.handGrid : null;
  }

  // -- the seam -----------------------------------------------------------------------------

  seatInfo(seat) {
    const view = this.ctx && this.ctx.view;
    if (!view) return null;
    const pub = view.public;
    const info = pub.seats[seat];
    if (!info) return null;
    const acting = pub.waitingFor.includes(seat);
    const tags = [];
    if (!info.active) tags.push(t("game.cah.tag.left"));
    if (pub.czar === seat && pub.phase !== "over") tags.push(t("game.cah.tag.czar"));
    if (info.submitted) tags.push(t("game.cah.tag.submitted"));
    else if (acting && pub.phase === "submit") tags.push(t("game.cah.tag.choosing"));
    if (acting && pub.phase !== "submit") tags.push(t(pub.phase === "eliminate" ? "game.cah.tag.eliminating" : pub.czar === seat ? "game.cah.tag.judging" : "game.cah.tag.voting"));
    if (info.bet && pub.phase === "submit") tags.push(t("game.cah.tag.bet"));
    return { score: info.score, tags, active: acting };
  }

  headline(result, ctx) {
    const rando = result.detail && result.detail.rando;
    if (rando && rando.place === 1 && result.winners.length === 0) return t("game.cah.end.rando-wins");
    if (!result.winners.length) return null;
    const names = formatList(result.winners.map((seat) => ctx.seatName(seat)));
    const won = t(result.winners.length > 1 ? "game.cah.end.share" : "game.cah.end.wins", { names });
    return result.detail && result.detail.shame ? `${won} ${t("game.cah.end.shame")}` : won;
  }

  /** Rando Cardrissian in the players panel while he plays (he holds no seat). */
  otherPlayers() {
    const rando = this.ctx && this.ctx.view && this.ctx.view.public.rando;
    if (!rando) return [];
    const guide = rando.variant === "guide";
    return [{ key: "rando", name: t("game.cah.rando"), score: guide ? null : rando.score,
      tags: [t("game.cah.tag.imaginary"), ...(guide ? [t("game.cah.tag.cards-won", { count: rando.trophies.length })] : [])] }];
  }

  /** Rando Cardrissian in the final standings when he scored: ranked by the server with the seats. */
  otherStandings(result) {
    const rando = result.detail && result.detail.rando;
    return rando && rando.place ? [{ place: rando.place, name: t("game.cah.rando"), score: rando.score }] : [];
  }

  history(data, gameNumber, ctx) {
    return historyList(data, gameNumber, ctx.seatName);
  }

  // -- drawing ------------------------------------------------------------------------------

  update(ctx, events) {
    this.ctx = ctx;
    const pub = ctx.view.public;
    // A copy: the document is patched in place, and this round's card must outlive it.
    if (pub.black) this.blacks.set(pub.round, { ...pub.black });
    for (const event of events) if (event.type === "round-started") this.blacks.set(event.round, event.black);
    this.can = ctx.seat !== null && ctx.view.you ? ctx.view.you.can : NOTHING;
    if (this.handMode !== "play" && !this.modeAvailable(this.handMode)) this.handMode = "play";
    this.drawHeader();
    this.drawAnswers();
    this.drawHand();
    this.drawHouse();
    this.drawActions();
    this.endButton.hidden = !(ctx.isHost && ctx.table.options.manualEnd && ctx.table.status === "playing" && ctx.mode !== "tv");
    this.news(events);
    this.turn();
    this.keepFocus();
  }

  black() {
    const pub = this.ctx.view.public;
    return pub.black || this.blacks.get(pub.round) || null;
  }

  blackSpeech() {
    const black = this.black();
    return black ? `${blackSentence(black.text)} ${this.pickLabel(black)}` : "";
  }

  pickLabel(black) {
    return pickLabel(black, this.ctx.table.options.honorDrawN);
  }

  drawHeader() {
    const { view, seat } = this.ctx;
    const pub = view.public;
    const black = this.black();
    const czar = pub.czar === null ? t("game.cah.title.no-czar") : pub.czar === seat ? t("game.cah.title.czar.you") : t("game.cah.title.czar", { name: this.ctx.seatName(pub.czar) });
    const round = t(pub.finale ? "game.cah.title.finale" : "game.cah.round", { round: pub.round });
    setText(this.title, pub.phase === "over" ? t("game.cah.title.over") : `${round} · ${czar}`);
    replace(this.blackText, black ? blackNodes(black.text) : "—");
    setText(this.blackMeta, black ? this.pickLabel(black) : "");
    this.blackMeta.hidden = !black || !this.pickLabel(black);
    if (this.reportBlackButton) this.reportBlackButton.hidden = !black;
    setText(this.status, this.statusText());
    const rando = pub.rando;
    this.rando.hidden = !rando;
    if (rando) setText(this.rando, rando.variant === "guide" ? t("game.cah.rando.guide", { count: rando.trophies.length }) : t("game.cah.rando.score", { count: rando.score }));
  }

  statusText() {
    const { view, seat } = this.ctx;
    const pub = view.public;
    const waiting = pub.waitingFor.filter((s) => s !== seat).map((s) => this.ctx.seatName(s));
    const others = waiting.length ? t("game.cah.status.waiting-for", { names: formatList(waiting) }) : "";
    const can = this.can;
    const line = (key, vars) => `${t(key, vars)} ${others}`.trim();
    if (view.you && view.you.next_round && pub.phase !== "over") return line("game.cah.ui.next-round");
    switch (pub.phase) {
      case "submit":
        if (can.submit) return line("game.cah.status.submit", { count: Math.max(...can.submit), sizes: sizesWords(can.submit) });
        if (seat !== null && pub.czar === seat) return line("game.cah.status.czar-waits");
        if (view.you && view.you.submitted) return line("game.cah.status.answer-in");
        return others || t("game.cah.status.waiting");
      case "reveal":
        return can.reveal ? t("game.cah.status.reveal") : t("game.cah.status.revealing", { name: this.ctx.seatName(pub.czar) });
      case "judge":
        if (can.rank) return t("game.cah.status.rank", { count: can.rank.size });
        return can.pick ? t("game.cah.status.pick") : t("game.cah.status.picking", { name: this.ctx.seatName(pub.czar) });
      case "vote":
        return can.vote ? t("game.cah.status.vote") : line("game.cah.status.voting");
      case "runner-up-vote":
        return can.vote ? t("game.cah.status.runner-up-vote") : line("game.cah.status.runner-up-voting");
      case "eliminate":
        return can.eliminate ? t("game.cah.status.eliminate") : line("game.cah.status.eliminating");
      default:
        return t("game.cah.status.over");
    }
  }

  answerMode() {
    const can = this.can;
    if (can.pick || can.vote || can.eliminate) return { max: 1, ordered: false };
    if (can.rank) return { max: can.rank.size, ordered: true };
    return null;
  }

  drawAnswers() {
    const { view } = this.ctx;
    const pub = view.public;
    const black = this.black();
    const shown = pub.answers;
    const own = new Set((view.you ? view.you.yourAnswers : []).map((a) => a.answer));
    const eliminated = new Set(pub.eliminated);
    const can = this.can;
    const open = can.pick || can.vote || can.eliminate || (can.rank && can.rank.answers);
    const winner = pub.winner ? pub.winner.answer : -1;
    // Face-down cards: the answers played so far, then those the Czar has yet to turn over.
    const played = pub.seats.filter((s) => s.submitted).length;
    const hidden = pub.phase === "submit" ? played : pub.answerCount - shown.length;
    const playing = played + pub.waitingFor.length;
    this.answers.hidden = !shown.length && !hidden;
    this.reportAnswers.hidden = !shown.length || this.host.mode === "tv";
    setText(this.answersNote, pub.phase === "submit" ? t("game.cah.answers.played", { played, count: playing })
      : pub.phase === "reveal" ? t(hidden ? "game.cah.answers.revealed-hidden" : "game.cah.answers.revealed", { shown: shown.length, count: pub.answerCount, hidden }) : "");
    syncList(this.faceDown, Array.from({ length: hidden }, (_, i) => i), (i) => i,
      () => h("div", { class: "card card-back" }, h("span", { text: "cardtable" })));
    this.answerGrid.update(shown, {
      key: (a) => `${pub.round}:${a.answer}`,
      mode: this.answerMode(),
      disabled: (a) => eliminated.has(a.answer) || Boolean(open && !open.includes(a.answer)),
      speech: (a) => t("game.cah.news.answer", { number: a.answer + 1, text: black ? blackSentence(black.text, a.cards.map((c) => c.text)) : a.cards.map((c) => c.text).join(", ") }),
      fill: (body, a) => {
        const tags = [];
        if (own.has(a.answer)) tags.push(t("game.cah.tag.yours"));
        if (eliminated.has(a.answer)) tags.push(t("game.cah.tag.eliminated"));
        if (a.answer === winner) tags.push(t("game.cah.tag.winner"));
        if (a.cards.some((c) => c.userWritten)) tags.push(t("game.cah.tag.written"));
        replace(body,
          h("span", { class: "answer-number", text: `${a.answer + 1}` }),
          h("span", { class: "answer-text" }, black ? blackNodes(black.text, a.cards.map((c) => c.text)) : a.cards.map((c) => c.text).join(" / ")),
          tags.length ? h("span", { class: "card-tags", text: tags.join(" · ") }) : null);
        body.parentElement.classList.toggle("is-eliminated", eliminated.has(a.answer));
        body.parentElement.classList.toggle("is-own", own.has(a.answer));
      },
    });
  }

  handSelectMode() {
    const can = this.can;
    switch (this.handMode) {
      case "bet": return { max: this.ctx.view.public.pick, ordered: true };
      case "discard": return { max: 1, ordered: false };
      case "nhie": return { max: 1, ordered: false };
      case "reboot": return { max: this.ctx.view.you.hand.length, ordered: false };
      default: return can.submit ? { max: Math.max(...can.submit), ordered: true } : null;
    }
  }

  drawHand() {
    const you = this.ctx.view.you;
    const later = Boolean(you && you.next_round);
    this.nextRound.hidden = !later || this.ctx.mode === "tv";
    this.hand.hidden = !you || later || this.ctx.mode === "tv";
    if (!you) return;
    setText(this.handTitle, t(this.handMode === "play" ? "game.cah.ui.hand" : HAND_MODES[this.handMode].title));
    // Your answer (and bet) while answers come in; then, until the round is judged, your
    // answers among those shuffled for the Czar.
    const pending = [you.submitted, you.bet].filter(Boolean);
    const played = pending.length ? pending : (you.yourAnswers || []).map((a) => a.cards);
    const answer = played.map((cards) => cards.map((c) => c.text).join(" / "));
    this.played.hidden = !answer.length;
    const playedKey = answer.length < 2 ? "game.cah.played" : pending.length ? "game.cah.played.bet" : "game.cah.played.two";
    setText(this.played, answer.length ? t(playedKey, { answer: answer[0], extra: answer.slice(1).join("; ") }) : "");
    this.handGrid.update(you.hand, {
      key: (card) => card.id,
      mode: this.handSelectMode(),
      speech: (card) => whiteText(card),
      fill: (body, card) => replace(body,
        h("span", { class: "card-text", text: whiteText(card) }),
        card.userWritten || card.blank ? h("span", { class: "card-tags", text: t(card.blank ? "game.cah.tag.blank" : "game.cah.tag.written") }) : null),
    });
    this.drawWriteArea();
  }

  selectedBlanks() {
    const you = this.ctx.view.you;
    if (!you || !["play", "bet"].includes(this.handMode)) return [];
    return this.handGrid.selected.map((key) => you.hand.find((card) => String(card.id) === key)).filter((card) => card && card.blank);
  }

  drawWriteArea() {
    const blanks = this.selectedBlanks();
    syncList(this.writeArea, blanks, (card) => card.id, (card) => {
      const id = `write-${card.id}`;
      const input = h("input", { id, maxlength: 120, class: "write-input", autocomplete: "off" });
      input.addEventListener("input", () => this.drawActions());
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          this.handAction();
        }
      });
      return h("div", { class: "field" }, h("label", { for: id, text: t("game.cah.ui.write-blank") }), input);
    });
  }

  writes() {
    const out = {};
    for (const card of this.selectedBlanks()) {
      const input = this.writeArea.querySelector(`#write-${card.id}`);
      out[String(card.id)] = input ? input.value.trim() : "";
    }
    return out;
  }

  modeAvailable(mode) {
    const can = this.can;
    return mode === "play" || (mode === "bet" && can.bet) || (mode === "discard" && can.discard)
      || (mode === "reboot" && can.reboot) || (mode === "nhie" && can.neverHaveIEver);
  }

  setHandMode(mode) {
    this.handMode = mode;
    this.handGrid.selected = [];
    this.drawHand();
    this.drawHouse();
    this.drawActions();
    if (mode !== "play") {
      announce(t(HAND_MODES[mode].help));
      this.handGrid.focus();
    }
  }

  drawHouse() {
    const { view, table, seat } = this.ctx;
    const can = this.can;
    const options = table.options;
    const entries = [];
    for (const mode of ["bet", "discard", "reboot", "nhie"]) {
      if (mode === "reboot" && can.fullReboot) {
        entries.push({ key: "reboot-hand", label: t("game.cah.mode.reboot-hand"), run: () => this.send({ type: "reboot" }, t("game.cah.done.reboot-hand")) });
      } else if (this.modeAvailable(mode)) {
        entries.push({ key: mode, label: t(HAND_MODES[mode].label), pressed: this.handMode === mode, run: () => this.setHandMode(this.handMode === mode ? "play" : mode) });
      }
    }
    // Kept in place between updates, so a focused button stays focused.
    syncList(this.modeButtons, entries, (e) => e.key,
      (e) => h("button", { type: "button", class: "secondary", text: e.label, onclick: () => e.run() }),
      (button, e) => {
        if (e.pressed !== undefined) button.setAttribute("aria-pressed", String(e.pressed));
      });
    syncList(this.nhieList, view.public.neverHaveIEver, (read) => read.card.id, (read) => h("li", { class: "nhie-item" },
      h("span", { text: t(read.by === seat ? "game.cah.nhie.read.you" : "game.cah.nhie.read", { name: this.name(read.by), text: read.card.text }) }),
      h("span", { class: "muted nhie-confessed" }),
      h("button", { type: "button", class: "tiny-button", text: t("game.cah.nhie.confess"), onclick: () => this.send({ type: "confess", card: read.card.id }, t("game.cah.done.confess")) })),
    (item, read) => {
      setText(item.querySelector(".nhie-confessed"), read.confessed.length ? ` ${t("game.cah.nhie.confessed", { names: formatList(read.confessed.map((s) => midSentence(s, seat, this.ctx.seatName))) })}` : "");
      item.querySelector("button").hidden = !this.can.confessCards.includes(read.card.id);
    });
    const any = options.gambling || options.discardUnknown !== "off" || options.reboot !== "off" || options.neverHaveIEverPoints;
    this.house.hidden = !any || seat === null || this.ctx.mode === "tv";
  }

  /** The one main button: the hand's action in a house-rule mode, else the round's action. */
  drawActions() {
    if (!this.ctx) return;
    const action = this.currentAction();
    this.cancel.hidden = this.handMode === "play";
    if (!action) {
      this.bar.hide();
      return;
    }
    setText(this.primary, action.label);
    this.primary.disabled = this.busy || !action.ready;
    this.bar.show([this.primary, this.cancel], action.hint || "");
  }

  currentAction() {
    const can = this.can;
    const hand = this.handGrid.selected.length;
    const answers = this.answerGrid.selected.length;
    const blanksWritten = Object.values(this.writes()).every(Boolean);
    if (this.handMode === "bet") {
      const pick = this.ctx.view.public.pick;
      return { label: t("game.cah.action.bet", { count: pick }), ready: hand === pick && blanksWritten, hint: t(HAND_MODES.bet.help) };
    }
    if (this.handMode === "discard") return { label: t("game.cah.action.discard"), ready: hand === 1, hint: t(HAND_MODES.discard.help) };
    if (this.handMode === "reboot") return { label: hand ? t("game.cah.action.reboot", { count: hand }) : t("game.cah.action.reboot-none"), ready: (can.reboot || []).includes(hand), hint: t(HAND_MODES.reboot.help) };
    if (this.handMode === "nhie") return { label: t("game.cah.action.nhie"), ready: hand === 1, hint: t(HAND_MODES.nhie.help) };
    if (can.submit) {
      const sizes = can.submit;
      const want = sizesWords(sizes);
      const several = Math.max(...sizes) > 1;
      const order = TOUCH.matches ? "game.cah.hint.tap-to-play" : "game.cah.hint.enter-to-play";
      return {
        label: hand ? t("game.cah.action.submit", { count: hand }) : t("game.cah.action.submit-sizes", { count: Math.max(...sizes), sizes: want }),
        ready: sizes.includes(hand) && blanksWritten,
        hint: !blanksWritten ? t("game.cah.hint.write-first") : sizes.includes(hand) ? t(order)
          : `${t("game.cah.hint.selected", { count: hand, sizes: want })}${several ? ` ${t("game.cah.hint.order")}` : ""}`,
      };
    }
    if (can.reveal) {
      const pub = this.ctx.view.public;
      return { label: t("game.cah.action.reveal", { number: pub.answers.length + 1, count: pub.answerCount }), ready: true, hint: "" };
    }
    if (can.pick) return { label: t("game.cah.action.pick"), ready: answers === 1, hint: answers ? "" : t("game.cah.hint.pick") };
    if (can.rank) return { label: t("game.cah.action.rank", { count: can.rank.size }), ready: answers === can.rank.size, hint: t("game.cah.hint.rank", { count: can.rank.size, selected: answers }) };
    if (can.vote) return { label: t("game.cah.action.vote"), ready: answers === 1, hint: answers ? "" : t("game.cah.hint.vote") };
    if (can.eliminate) return { label: t("game.cah.action.eliminate"), ready: answers === 1, hint: answers ? "" : t("game.cah.hint.eliminate") };
    return null;
  }

  // -- acting -------------------------------------------------------------------------------

  drawBusy() {
    this.drawActions();
  }

  primaryAction() {
    if (this.handMode !== "play" || this.can.submit) this.handAction();
    else this.answerAction();
  }

  handAction() {
    const action = this.currentAction();
    if (!action || !action.ready || (this.handMode === "play" && !this.can.submit)) {
      if (action && action.hint) announce(action.hint);
      return;
    }
    const cards = this.handGrid.selected.map(Number);
    const writes = this.writes();
    const write = Object.keys(writes).length ? { write: writes } : {};
    const mode = this.handMode;
    const sent = {
      play: () => this.send({ type: "submit", cards, ...write }, t("game.cah.done.submit")),
      bet: () => this.send({ type: "bet", cards, ...write }, t("game.cah.done.bet")),
      discard: () => this.send({ type: "discard", card: cards[0] }, t("game.cah.done.discard")),
      reboot: () => this.send({ type: "reboot", cards }, t("game.cah.done.reboot")),
      nhie: () => this.send({ type: "never-have-i-ever", card: cards[0] }, t("game.cah.done.nhie")),
    }[mode]();
    sent.then(() => {
      if (mode !== "play") this.setHandMode("play");
    });
  }

  answerAction() {
    const can = this.can;
    const action = this.currentAction();
    if (can.reveal) {
      this.send({ type: "reveal-next" }).then(() => this.primary.focus());
      return;
    }
    if (!action || !action.ready) {
      if (action && action.hint) announce(action.hint);
      return;
    }
    const chosen = this.answerGrid.selected.map((key) => Number(key.split(":")[1]));
    if (can.pick) this.send({ type: "pick", answer: chosen[0] });
    else if (can.rank) this.send({ type: "rank", answers: chosen });
    else if (can.vote) this.send({ type: "vote", answer: chosen[0] }, t("game.cah.done.vote"));
    else if (can.eliminate) this.send({ type: "eliminate", answer: chosen[0] }, t("game.cah.done.eliminate"));
  }

  endGame() {
    if (!window.confirm(t("game.cah.ui.end-confirm"))) return;
    this.host.hostAction({ type: "end-game" }).catch(() => null);
  }

  /** Number keys pick the nth card of the grid in use (0 is the tenth). */
  shortcut(event) {
    if (!/^[0-9]$/.test(event.key)) return;
    const index = event.key === "0" ? 9 : Number(event.key) - 1;
    const grid = this.answerMode() ? this.answerGrid : this.handSelectMode() ? this.handGrid : null;
    if (!grid) return;
    event.preventDefault();
    grid.toggleIndex(index);
  }

  // -- what screen readers hear ---------------------------------------------------------------

  sentence(round, cards) {
    const black = this.blacks.get(round);
    const texts = cards.map((c) => c.text);
    return black ? blackSentence(black.text, texts) : texts.join(", ");
  }

  news(events) {
    const words = {
      me: this.ctx.seat,
      seatName: (seat) => this.name(seat),
      reading: (round, cards) => this.sentence(round, cards),
      pickLabel: (black) => this.pickLabel(black),
    };
    for (const event of events) {
      if (event.type === "round-winner") {
        this.winner(event);
        continue;
      }
      const news = eventNews(event, words);
      if (news) announce(news.text, { urgent: news.urgent });
      // DigiPen: each answer is read with the black card; with "read cards aloud", out loud.
      if (event.type === "answer-revealed" && pref("speakCards")) speak(news.text);
    }
  }

  winner(event) {
    if (event.tie) {
      announce(t("game.cah.winner.tie-news", { round: event.round }), { urgent: true });
      this.showLastRound(event.round, t("game.cah.winner.tie"), []);
      return;
    }
    const name = event.rando ? t("game.cah.rando") : this.name(event.winner);
    const mine = event.winner !== null && event.winner === this.ctx.seat;  // Rando and a spectator are both null
    const title = mine ? t("game.cah.winner.you") : t("game.cah.winner", { name });
    const sentence = this.sentence(event.round, event.cards);
    announce(`${title} ${sentence}`, { urgent: true });
    this.showLastRound(event.round, title, event.cards, event.ranking);
    const black = this.blacks.get(event.round);
    celebrate(title, h("p", { class: "celebration-text" }, black ? blackNodes(black.text, event.cards.map((c) => c.text)) : sentence));
  }

  showLastRound(round, title, cards, ranking = []) {
    const black = this.blacks.get(round);
    const places = ranking.length > 1 ? h("ol", { class: "ranking" }, ranking.map((r) => h("li", {
      text: t("game.cah.ranking", { name: r.seat === null ? t("game.cah.rando") : this.name(r.seat), count: r.points }),
    }))) : null;
    replace(this.lastRound,
      h("h3", { id: "last-title", text: `${t("game.cah.round", { round })}: ${title}` }),
      black ? h("p", { class: "card black-card small" }, blackNodes(black.text, cards.map((c) => c.text))) : null,
      places,
      cards.length && this.host.mode !== "tv" ? h("button", { type: "button", class: "tiny-button",
        onclick: () => this.host.report({ title: t("game.cah.ui.report-winner"), choices: cards.map((c) => cardReport(c, whiteText(c))) }) },
      t("game.cah.ui.report"), h("span", { class: "visually-hidden", text: t("game.cah.ui.report-winner-hidden", { round }) })) : null);
    this.lastRound.hidden = false;
  }

  // -- reports --------------------------------------------------------------------------------

  reportBlack() {
    const black = this.ctx && this.black();
    if (!black) return;
    this.host.report({ title: t("game.cah.ui.report-black"), choices: [cardReport(black, blackSentence(black.text))] });
  }

  reportAnswer() {
    const pub = this.ctx.view.public;
    const choices = pub.answers.flatMap((a) => a.cards.map((card) => cardReport(card, t("game.cah.news.answer", { number: a.answer + 1, text: whiteText(card) }))));
    if (choices.length) this.host.report({ title: t("game.cah.ui.report-answer"), choices });
  }

  reportHand() {
    const you = this.ctx.view.you;
    const cards = you ? you.hand.filter((card) => card.text) : [];
    if (!cards.length) return;
    this.host.report({ title: t("game.cah.ui.report-hand"), choices: cards.map((card) => cardReport(card, whiteText(card))) });
  }

  /** "Your turn" is said once each time something new is asked of you. */
  turn() {
    const pub = this.ctx.view.public;
    const can = this.can;
    const asked = can.submit ? "submit" : can.reveal ? "reveal" : can.pick ? "pick" : can.rank ? "rank" : can.vote ? "vote" : can.eliminate ? "eliminate" : "";
    this.askOnce(asked ? `${pub.round}:${pub.phase}:${asked}` : "", asked ? turnPrompt(asked, can, pub, this.black()) : "");
  }
}
