// games/russian-bank/piles.js: reading the piles of the public view (a pile's known top card),
// and the plays the server says your seat may make now (`view.you.can`,
// the server's affordances: docs/views/russian-bank.md). No rule of the game is worked out here.

/** The top card of a pile when it is face up and known, else null. Piles are the wire ids:
 *  centre:0-7, layout:0-7, stock:s, hand:s, turned:s, discard:s. */
export function topOf(pub, id) {
  const [kind, index] = id.split(":");
  const n = Number(index);
  if (kind === "centre" || kind === "layout") return pub[kind][n].at(-1) || null;
  const player = pub.players[n];
  if (kind === "turned") return player.turned;
  return kind === "hand" ? null : player[kind].top;
}

const NO_PLAYS = { moves: new Map(), turnStock: null, turnHand: null, endTurn: null };

/** Your plays now, from `can`: { moves: Map(from -> [{to, stop}]), turnStock, turnHand,
 *  endTurn: {stop} or null }, where `stop` names the error a play would commit in classic
 *  mode (the opponent may call Stop!), null when clean. Nothing for a spectator. */
export function playsOf(view, seat) {
  const can = view && view.you && view.you.can;
  if (!can || seat === null) return NO_PLAYS;
  return {
    moves: new Map(Object.entries(can.moves)),
    turnStock: can.turn[`stock:${seat}`] || null,
    turnHand: can.turn[`hand:${seat}`] || null,
    endTurn: can.end_turn,
  };
}
