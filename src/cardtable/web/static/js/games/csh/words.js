// games/csh/words.js: CSH in sentences: a stack, an item of the effect stack, the prompt of a
// pending choice, why the game ended, and each event as one line for screen readers and the
// table's log (or nothing: passes, windows closing, and your own plays and switches, confirmed
// when you make them). The words are the catalogue's (keys "game.csh.*"); card names and texts
// are the game's own, in English.
// `words`: { cat (cards.js Catalog), me (your seat or null), names(seat) ("you" for yours),
// find(id) (a card by id, as last seen face up), where(card) (a card and where it lies) }.

import { t } from "../../i18n.js";
import { between, subject } from "../subject.js";

export const END_REASONS = { election: "game.csh.end.election" };

/** "Freshman ×2, then Major Project (4 VP)": a stack from bottom to top. */
export function stackWords(stack, cat) {
  const parts = [];
  for (const card of stack) {
    const name = card.down ? t("game.csh.card.face-down") : cat.name(card);
    const last = parts[parts.length - 1];
    if (last && last.name === name && !card.down) last.count += 1;
    else parts.push({ name, count: 1 });
  }
  return parts.map((p) => (p.count > 1 ? `${p.name} ×${p.count}` : p.name)).join(t("game.csh.then"));
}

function cardsWords(cards, words) {
  const named = cards.map((card) => words.cat.name(card.card ? card : words.find(card.id)));
  if (named.length > 1 && new Set(named).size === 1) return `${named.length} × ${named[0]}`;
  return named.join(", ");
}

/** The card whose effects an item of the effect stack resolves. */
function sourceName(frame, words) {
  return words.cat.name(words.find(frame.source.id));
}

/** Whose Archive, as the catalogue words it: "your Archive" or "Ann's Archive". */
function archiveOf(seat, w) {
  return seat === w.me ? t("game.csh.archive.yours-lower") : t("game.csh.archive.theirs-lower", { name: w.names(seat) });
}

/** What an item of the effect stack is: "Bob is playing Constitution.", or for a retrigger
 *  (H7), which plays no card: "Bob is resolving Intro Packet again." */
export function frameWords(stack, index, words) {
  const frame = stack[index];
  const mine = frame.player === words.me;
  const name = words.names(frame.player);
  if (!frame.cards.length) return t(mine ? "game.csh.frame.again.you" : "game.csh.frame.again", { name, card: sourceName(frame, words) });
  const what = cardsWords(frame.cards, words);
  if (frame.reaction && index > 0) {
    const aimed = stack[index - 1];
    const target = aimed.player === words.me ? t("game.csh.frame.aimed.yours", { cards: cardsWords(aimed.cards, words) })
      : t("game.csh.frame.aimed.theirs", { name: words.names(aimed.player), cards: cardsWords(aimed.cards, words) });
    const key = frame.reaction === "cancel" ? (mine ? "game.csh.frame.cancel.you" : "game.csh.frame.cancel") : (mine ? "game.csh.frame.negate.you" : "game.csh.frame.negate");
    return t(key, { name, cards: what, target });
  }
  const into = frame.target !== null && frame.target !== frame.player && words.cat.type(words.find(frame.source.id))?.placement === "target";
  if (into) return t(mine ? "game.csh.frame.into.you" : "game.csh.frame.into", { name, cards: what, archive: archiveOf(frame.target, words) });
  return t(mine ? "game.csh.frame.playing.you" : "game.csh.frame.playing", { name, cards: what });
}

const CARD_PROMPTS = {
  "discard-one": "game.csh.choose.discard-one",
  "steal-one": "game.csh.choose.steal-one",
  return: "game.csh.choose.return",
  destroy: "game.csh.choose.destroy",
  "swap-archive": "game.csh.choose.swap-archive",
  "swap-second": "game.csh.choose.swap-second",
  uncancel: "game.csh.choose.uncancel",
  retrigger: "game.csh.choose.retrigger",
  "recover-one": "game.csh.choose.recover-one",
};

/** "+2" or "-1": a token's Voting Power. */
export const signed = (vp) => `${vp > 0 ? "+" : ""}${vp}`;

export function choicePrompt(pub, words) {
  const choice = pub.choice;
  const frame = pub.stack[pub.stack.length - 1];
  const source = frame ? sourceName(frame, words) : t("game.csh.card.the-card");
  switch (choice.purpose) {
    case "target": return t("game.csh.choose.target", { card: source });
    case "next": return t("game.csh.choose.next", { card: source });
    case "slot": return t("game.csh.choose.slot", { card: words.cat.name(choice.card) });
    case "order": return t("game.csh.choose.order", { card: source });
    default:
      if (choice.effect === "modify-vp") return t("game.csh.choose.token", { card: source, vp: signed(choice.vp) });
      return `${source}: ${t(CARD_PROMPTS[choice.effect] || "game.csh.choose.card")}`;
  }
}


const EVENTS = {
  "directorship-chosen": (e, w) => t(subject("game.csh.news.directorship", e.seat, w.me), { name: w.names(e.seat), set: w.cat.setName(e.directorship) }),
  "game-started": (e, w) => (e.directorships ? t(subject("game.csh.news.started", e.start, w.me), { name: w.names(e.start) }) : null),
  "turn-started": (e, w) => (e.seat === w.me ? null : t("game.csh.news.turn", { name: w.names(e.seat) })),
  "turn-skipped": (e, w) => t(subject("game.csh.news.skipped", e.seat, w.me), { name: w.names(e.seat) }),
  "out-of-cards": (e, w) => t(subject("game.csh.news.out-of-cards", e.seat, w.me), { name: w.names(e.seat) }),
  "card-played": (e, w) => {
    if (e.seat === w.me && e.archive === w.me) return null;
    const vars = { name: w.names(e.seat), cards: cardsWords(e.cards, w), archive: archiveOf(e.archive, w) };
    return e.archive === e.seat ? t("game.csh.news.played", vars) : t(subject("game.csh.news.played-into", e.seat, w.me), vars);
  },
  canceled: (e, w) => t(subject("game.csh.news.canceled", e.seat, w.me), { name: w.names(e.seat), cards: cardsWords(e.cards, w) }),
  negated: (e, w) => t(subject("game.csh.news.negated", e.seat, w.me), { name: w.names(e.seat), cards: cardsWords(e.cards, w) }),
  "election-drawn": (e, w) => ({ text: t(subject("game.csh.news.election", e.seat, w.me), { name: w.names(e.seat) }), urgent: true }),
  drew: (e, w) => (e.seat === w.me ? null : t("game.csh.news.drew", { name: w.names(e.seat), count: e.count })),
  "you-drew": (e, w) => t("game.csh.news.you-drew", { cards: cardsWords(e.cards, w) }),
  milled: (e, w) => (e.cards.length ? t("game.csh.news.milled", { count: e.cards.length, cards: cardsWords(e.cards, w) }) : t("game.csh.news.milled-none")),
  discarded: (e, w) => t(subject("game.csh.news.discarded", e.seat, w.me), { name: w.names(e.seat), cards: cardsWords(e.cards, w) }),
  stole: (e, w) => t(between("game.csh.news.stole", e.seat, e.victim, w.me), { name: w.names(e.seat), other: w.names(e.victim) }),
  "card-taken": (e, w) => t("game.csh.news.card-taken", { card: w.cat.name(e.card) }),
  "hands-swapped": (e, w) => t(between("game.csh.news.hands-swapped", e.seats[0], e.seats[1], w.me), { name: w.names(e.seats[0]), other: w.names(e.seats[1]) }),
  "hands-passed": (e) => t(e.dir === "left" ? "game.csh.news.passed-left" : "game.csh.news.passed-right"),
  "cards-received": (e, w) => t("game.csh.news.received", { cards: cardsWords(e.cards, w), name: w.names(e.giver) }),
  "deck-reordered": (e, w) => t(subject("game.csh.news.reordered", e.seat, w.me), { name: w.names(e.seat), count: e.count }),
  recovered: (e, w) => t(subject("game.csh.news.recovered", e.seat, w.me), { name: w.names(e.seat), card: w.cat.name(e.card) }),
  "extra-actions": (e, w) => t(subject("game.csh.news.extra-actions", e.seat, w.me), { name: w.names(e.seat), count: e.count }),
  "actions-lost": (e, w) => t(subject("game.csh.news.actions-lost", e.seat, w.me), { name: w.names(e.seat), count: e.count }),
  "turn-to-skip": (e, w) => t(subject("game.csh.news.will-skip", e.seat, w.me), { name: w.names(e.seat) }),
  "extra-turn": (e, w) => t(subject("game.csh.news.extra-turn", e.seat, w.me), { name: w.names(e.seat) }),
  "next-chosen": (e, w) => t(between("game.csh.news.next-chosen", e.seat, e.next, w.me), { name: w.names(e.seat), other: w.names(e.next) }),
  "token-added": (e, w) => t(subject("game.csh.news.token", e.seat, w.me), { name: w.names(e.seat), vp: signed(e.vp), card: w.cat.name(w.find(e.card.id)) }),
  "archive-swap": (e, w) => (e.done ? t(subject("game.csh.news.swapped", e.seat, w.me), { name: w.names(e.seat), cards: cardsWords(e.cards, w) }) : t("game.csh.news.swap-fizzled")),
  uncanceled: (e, w) => t(subject("game.csh.news.uncanceled", e.seat, w.me), { name: w.names(e.seat), card: w.cat.name(e.card) }),
  retriggered: (e, w) => t(subject("game.csh.news.retriggered", e.seat, w.me), { name: w.names(e.seat), card: w.cat.name(e.card) }),
  "coin-flipped": (e, w) => t(e.heads ? "game.csh.news.heads" : "game.csh.news.tails", { card: w.cat.name(w.find(e.card.id)) }),
  fizzled: () => t("game.csh.news.fizzled"),
  targeted: (e, w) => t(between("game.csh.news.targeted", e.seat, e.target, w.me), { name: w.names(e.seat), other: w.names(e.target) }),
  "left-archive": (e, w) => t(e.to === "hand" ? "game.csh.news.left-to-hand" : "game.csh.news.left-to-discard", { cards: cardsWords(e.cards, w), archive: archiveOf(e.seat, w) }),
  "timed-out": (e, w) => t(subject("game.csh.news.timed-out", e.seat, w.me), { name: w.names(e.seat) }),
  "auto-pass": (e, w) => (e.seat === w.me ? null : t(e.on ? "game.csh.news.auto-pass-on" : "game.csh.news.auto-pass-off", { name: w.names(e.seat) })),
  "game-ended": () => ({ text: t("game.csh.news.over"), urgent: true }),
};

/** One event in words: { text, urgent } or null. */
export function eventNews(event, words) {
  const say = EVENTS[event.type];
  const out = say ? say(event, words) : null;
  if (!out) return null;
  return typeof out === "string" ? { text: out, urgent: false } : out;
}
