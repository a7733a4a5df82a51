// games/csh/words.js: CSH in sentences: a stack, an item of the effect stack, the prompt of a
// pending choice, why the game ended, and each event as one line for screen readers and the
// table's log (or nothing: passes, windows closing, and your own plays and switches, confirmed
// when you make them).
// `words`: { cat (cards.js Catalog), me (your seat or null), names(seat) ("you" for yours),
// find(id) (a card by id, as last seen face up), where(card) (a card and where it lies) }.

import { plural } from "../scaffold.js";

export const END_REASONS = { election: "the Election was drawn and the round came back to the starting player" };

/** "Freshman ×2, then Major Project (4 VP)": a stack from bottom to top. */
export function stackWords(stack, cat) {
  const parts = [];
  for (const card of stack) {
    const name = card.down ? "face-down card" : cat.name(card);
    const last = parts[parts.length - 1];
    if (last && last.name === name && !card.down) last.count += 1;
    else parts.push({ name, count: 1 });
  }
  return parts.map((p) => (p.count > 1 ? `${p.name} ×${p.count}` : p.name)).join(", then ");
}

function cardsWords(cards, words) {
  const named = cards.map((card) => words.cat.name(card.card ? card : words.find(card.id)));
  if (named.length > 1 && new Set(named).size === 1) return `${named.length} ${named[0] === "Freshman" ? "Freshmen" : `× ${named[0]}`}`;
  return named.join(", ");
}

/** The card whose effects an item of the effect stack resolves. */
function sourceName(frame, words) {
  return words.cat.name(words.find(frame.source.id));
}

/** What an item of the effect stack is: "Bob is playing Constitution.", or for a retrigger
 *  (H7), which plays no card: "Bob is resolving Intro Packet again." */
export function frameWords(stack, index, words) {
  const frame = stack[index];
  const who = words.names(frame.player);
  const verb = frame.player === words.me ? "are" : "is";
  if (!frame.cards.length) return `${who} ${verb} resolving ${sourceName(frame, words)} again.`;
  const what = cardsWords(frame.cards, words);
  if (frame.reaction && index > 0) {
    const aimed = stack[index - 1];
    const act = frame.reaction === "cancel" ? "cancel" : "negate";
    return `${who} ${verb} playing ${what} to ${act} ${aimed.player === words.me ? "your" : `${words.names(aimed.player)}'s`} ${cardsWords(aimed.cards, words)}.`;
  }
  const into = frame.target !== null && frame.target !== frame.player && words.cat.type(words.find(frame.source.id))?.placement === "target"
    ? ` into ${frame.target === words.me ? "your" : `${words.names(frame.target)}'s`} Archive` : "";
  return `${who} ${verb} playing ${what}${into}.`;
}

const CARD_PROMPTS = {
  "discard-one": "choose a card to discard from your hand.",
  "steal-one": "choose a card to take from their hand.",
  return: "choose a top card to return to its owner's hand.",
  destroy: "choose a top card to destroy.",
  "swap-archive": "choose the first top card to swap.",
  "swap-second": "choose the top card to swap it with.",
  uncancel: "choose a canceled card of yours to turn face up.",
  retrigger: "choose a card of yours whose effect resolves again.",
  "recover-one": "choose a card to take back from the discard pile.",
};

export function choicePrompt(pub, words) {
  const choice = pub.choice;
  const frame = pub.stack[pub.stack.length - 1];
  const source = frame ? sourceName(frame, words) : "the card";
  switch (choice.purpose) {
    case "target": return `${source}: choose the player it targets.`;
    case "next": return `${source}: choose who takes the next turn.`;
    case "slot": return `${words.cat.name(choice.card)} is coming into your full Archive: choose the stack it replaces.`;
    case "order": return `${source}: put the top cards of the deck back in the order you choose (first = top).`;
    default:
      if (choice.effect === "modify-vp") return `${source}: choose a card to get a ${choice.vp > 0 ? "+" : ""}${choice.vp} VP token.`;
      return `${source}: ${CARD_PROMPTS[choice.effect] || "choose a card."}`;
  }
}

/** A seat as the object of a sentence: "you" for yours. */
function whom(seat, w) {
  return seat === w.me ? "you" : w.names(seat);
}

const EVENTS = {
  "directorship-chosen": (e, w) => `${w.names(e.seat)} chose ${w.cat.setName(e.directorship)}.`,
  "game-started": (e, w) => (e.directorships ? `The game begins. ${w.names(e.start)} ${e.start === w.me ? "start" : "starts"}.` : null),
  "turn-started": (e, w) => (e.seat === w.me ? null : `${w.names(e.seat)}'s turn.`),
  "turn-skipped": (e, w) => `${w.names(e.seat)} ${e.seat === w.me ? "skip" : "skips"} a turn.`,
  "out-of-cards": (e, w) => `${w.names(e.seat)} had no cards: three drawn, turn over.`,
  "card-played": (e, w) => (e.seat === w.me && e.archive === w.me ? null
    : `${w.names(e.seat)} played ${cardsWords(e.cards, w)}${e.archive === e.seat ? "" : ` into ${e.archive === w.me ? "your" : `${w.names(e.archive)}'s`} Archive`}.`),
  canceled: (e, w) => `${w.names(e.seat)} canceled ${cardsWords(e.cards, w)}.`,
  negated: (e, w) => `${w.names(e.seat)} negated the effect of ${cardsWords(e.cards, w)}.`,
  "election-drawn": (e, w) => ({ text: `${w.names(e.seat)} drew the Election! The game ends when the starting player's turn comes round.`, urgent: true }),
  drew: (e, w) => (e.seat === w.me ? null : `${w.names(e.seat)} drew ${plural(e.count, "card")}.`),
  "you-drew": (e, w) => `You drew ${cardsWords(e.cards, w)}.`,
  milled: (e, w) => `${plural(e.cards.length, "card")} milled from the deck${e.cards.length ? `: ${cardsWords(e.cards, w)}` : ""}.`,
  discarded: (e, w) => `${w.names(e.seat)} discarded ${cardsWords(e.cards, w)}.`,
  stole: (e, w) => `${w.names(e.seat)} took a card from ${whom(e.victim, w)}.`,
  "card-taken": (e, w) => `The card taken: ${w.cat.name(e.card)}.`,
  "hands-swapped": (e, w) => `${w.names(e.seats[0])} and ${whom(e.seats[1], w)} swapped hands.`,
  "hands-passed": (e) => `Everyone passed cards to the ${e.dir}.`,
  "cards-received": (e, w) => `You received ${cardsWords(e.cards, w)} from ${w.names(e.giver)}.`,
  "deck-reordered": (e, w) => `${w.names(e.seat)} reordered the top ${plural(e.count, "card")} of the deck.`,
  recovered: (e, w) => `${w.names(e.seat)} took ${w.cat.name(e.card)} back from the discard pile.`,
  "extra-actions": (e, w) => `${w.names(e.seat)} ${e.seat === w.me ? "get" : "gets"} ${plural(e.count, "extra action")}.`,
  "actions-lost": (e, w) => `${w.names(e.seat)} will have ${plural(e.count, "action")} fewer next turn.`,
  "turn-to-skip": (e, w) => `${w.names(e.seat)} will skip the next turn.`,
  "extra-turn": (e, w) => `${w.names(e.seat)} will take an extra turn.`,
  "next-chosen": (e, w) => `${w.names(e.seat)} chose ${whom(e.next, w)} to take the next turn.`,
  "token-added": (e, w) => `${w.names(e.seat)} put a ${e.vp > 0 ? "+" : ""}${e.vp} VP token on ${w.cat.name(w.find(e.card.id))}.`,
  "archive-swap": (e, w) => (e.done ? `${w.names(e.seat)} swapped ${cardsWords(e.cards, w)} between Archives.` : "The swap fizzled: the cards could not land there."),
  uncanceled: (e, w) => `${w.names(e.seat)} turned ${w.cat.name(e.card)} face up again.`,
  retriggered: (e, w) => `${w.names(e.seat)} resolved ${w.cat.name(e.card)} again.`,
  "coin-flipped": (e, w) => `${w.cat.name(w.find(e.card.id))}: the coin came up ${e.heads ? "heads" : "tails"}.`,
  fizzled: () => "An effect fizzled: nothing to choose.",
  targeted: (e, w) => `${w.names(e.seat)} targeted ${whom(e.target, w)}.`,
  "left-archive": (e, w) => `${cardsWords(e.cards, w)} left ${e.seat === w.me ? "your" : `${w.names(e.seat)}'s`} Archive for ${e.to === "hand" ? "the hand" : "the discard pile"}.`,
  "timed-out": (e, w) => `${w.names(e.seat)} ran out of time.`,
  "auto-pass": (e, w) => (e.seat === w.me ? null : `${w.names(e.seat)} turned auto-pass ${e.on ? "on" : "off"}.`),
  "game-ended": () => ({ text: "The game is over: the final count is in.", urgent: true }),
};

/** One event in words: { text, urgent } or null. */
export function eventNews(event, words) {
  const say = EVENTS[event.type];
  const out = say ? say(event, words) : null;
  if (!out) return null;
  return typeof out === "string" ? { text: out, urgent: false } : out;
}
