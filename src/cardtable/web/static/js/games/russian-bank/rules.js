// games/russian-bank/rules.js: the plays open to a seat, worked out from the public view alone
// (the server sends no legal list). It mirrors the engine's building rules (RB-5, RB-6, RB-10)
// and its order of play (RB-7, RB-9, RB-21: the errors S1 to S4 of the law of stops, refused
// in assisted mode, allowed but stoppable in classic). Piles are the wire ids: centre:0-7,
// layout:0-7, stock:s, hand:s, turned:s, discard:s.

const RED = new Set(["diamonds", "hearts"]);
const KING = 13;
const HAND_KINDS = new Set(["hand", "waste", "discard", "turn-hand", "end-turn"]);
const ADVANCING = new Set(["turn-hand", "discard", "end-turn"]);
const range = (n) => Array.from({ length: n }, (_, i) => i);

export const isRed = (card) => RED.has(card.suit);

/** The top card of a pile when it is face up and known, else null. */
export function topOf(pub, id) {
  const [kind, index] = id.split(":");
  const n = Number(index);
  if (kind === "centre" || kind === "layout") return pub[kind][n].at(-1) || null;
  const player = pub.players[n];
  if (kind === "turned") return player.turned;
  return kind === "hand" ? null : player[kind].top;
}

function fitsCentre(pub, index, card) {
  const top = pub.centre[index].at(-1);
  return top ? top.suit === card.suit && top.rank + 1 === card.rank && top.rank !== KING : card.rank === 1;
}

function fitsLayout(pub, index, card) {
  const top = pub.layout[index].at(-1);
  return !top || (isRed(top) !== isRed(card) && top.rank === card.rank + 1);
}

const fitsLoad = (top, card) => Boolean(top) && top.suit === card.suit && Math.abs(top.rank - card.rank) === 1;

/** The seat's own available cards (RB-5b, c, D8). */
function ownSources(pub, seat) {
  const player = pub.players[seat];
  const found = [];
  if (player.stock.top) found.push(`stock:${seat}`);
  if (player.turned) found.push(`turned:${seat}`);
  if (pub.rules.ownWasteAvailable && player.discard.top) found.push(`discard:${seat}`);
  return found;
}

function sources(pub, seat) {
  return [...range(8).filter((i) => pub.layout[i].length).map((i) => `layout:${i}`), ...ownSources(pub, seat)];
}

function toCentre(pub, card) {
  return range(8).filter((i) => fitsCentre(pub, i, card)).map((i) => `centre:${i}`);
}

/** Where the top of `source` may go, other than to its owner's discard pile. */
function plays(pub, seat, source) {
  const card = topOf(pub, source);
  const other = pub.players[1 - seat];
  const found = toCentre(pub, card);
  found.push(...range(8).map((i) => `layout:${i}`).filter((id, i) => id !== source && fitsLayout(pub, i, card)));
  if (fitsLoad(other.stock.top, card)) found.push(`stock:${1 - seat}`);
  if (fitsLoad(other.discard.top, card)) found.push(`discard:${1 - seat}`);
  return found;
}

function destinations(pub, seat, source) {
  const found = plays(pub, seat, source);
  if (source === `turned:${seat}`) found.push(`discard:${seat}`);
  return found;
}

export function moveKind(seat, from, to) {
  if (to.startsWith("centre:")) return "centre";
  if (to === `discard:${seat}`) return "discard";
  if (from.startsWith("layout:")) return "tableau";
  if (from === `stock:${seat}`) return "stock";
  return from === `turned:${seat}` ? "hand" : "waste";
}

/** What the order of play asks of `seat` in this position (order.py's OrderCheck). */
class OrderCheck {
  constructor(pub, seat) {
    const player = pub.players[seat];
    this.pub = pub;
    this.seat = seat;
    const ready = sources(pub, seat).filter((id) => toCentre(pub, topOf(pub, id)).length);
    this.centreReady = ready.length > 0;
    this.stockFirst = pub.rules.strictStockToCentreFirst && ready.includes(`stock:${seat}`);
    this.stockDown = player.stock.count > 0 && !player.stock.top;
    this.spaceFirst = pub.rules.stockFillsSpaces && Boolean(player.stock.top) && pub.layout.some((pile) => !pile.length);
  }

  compelled() {
    const { pub, seat } = this;
    const player = pub.players[seat];
    const candidates = player.passes >= 3 ? ownSources(pub, seat).filter((id) => id !== `stock:${seat}`) : [];
    if (player.passes >= 2 && player.stock.top) candidates.unshift(`stock:${seat}`);
    return candidates.filter((id) => plays(pub, seat, id).length);
  }

  error(kind, source = null) {
    const state = this.pub.turn_state;
    if (this.centreReady && kind !== "centre") return "S1";
    if (this.stockFirst && source !== `stock:${this.seat}`) return "S1";
    if (HAND_KINDS.has(kind)) {
      const mayLook = state.turned === 0 && !state.changed;
      if (this.stockDown && !(kind === "turn-hand" && mayLook)) return "S2";
      if (this.spaceFirst) return "S2";
    }
    if (kind === "tableau" && state.looks >= 2) return "S3";
    if (ADVANCING.has(kind) && this.compelled().length) return "S4";
    return null;
  }
}

/** The plays of `seat` now: { moves: Map(from -> [{to, error}]), turnStock, turnHand, endTurn },
 *  each with the stop rule it would break (null when clean). Assisted mode leaves out errors. */
export function playsOf(pub, seat) {
  const none = { moves: new Map(), turnStock: undefined, turnHand: undefined, endTurn: undefined };
  if (seat === null || pub.turn !== seat || pub.draw_offer !== null) return none;
  const check = new OrderCheck(pub, seat);
  const classic = pub.rules.mode === "classic";
  const judge = (kind, source) => {
    const error = check.error(kind, source);
    return classic || error === null ? { error } : null;
  };
  const moves = new Map();
  for (const from of sources(pub, seat)) {
    const targets = destinations(pub, seat, from)
      .map((to) => ({ to, ...judge(moveKind(seat, from, to), from) }))
      .filter((target) => "error" in target);
    if (targets.length) moves.set(from, targets);
  }
  const player = pub.players[seat];
  const handLeft = player.hand.count > 0 || player.discard.count > 0;
  const done = !handLeft && !player.turned;
  return {
    moves,
    turnStock: player.stock.count && !player.stock.top ? judge("turn-stock") : null,
    turnHand: handLeft && !player.turned ? judge("turn-hand") : null,
    endTurn: done ? judge("end-turn") : null,
  };
}

/** The plays a stop lets the caller require of the offender, worked out on the view from just
 *  before the error (stops.py's forced_plays): [{from, to}]. */
export function forcedPlays(snapshot, offender, rule) {
  if (rule === "S1") {
    return ownSources(snapshot, offender).flatMap((from) => toCentre(snapshot, topOf(snapshot, from)).map((to) => ({ from, to })));
  }
  if (rule === "S4") {
    return new OrderCheck(snapshot, offender).compelled().flatMap((from) => plays(snapshot, offender, from).map((to) => ({ from, to })));
  }
  return [];
}
