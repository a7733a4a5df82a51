// games/cunt-soul/legality.js: what the client can tell from the public view about your next
// play: which zone you play from (hand, then face-up once the source is gone, then blind), and
// whether cards of a rank may go on the pile under the constraint the engine describes. The
// server stays the judge; this only decides which controls to offer.

import { printedRank, rankOf } from "./cards.js";

/** "hand" | "face-up" | "face-down" | null (an empty hand while the source lasts). */
export function zoneOf(pub, seat, handCount) {
  if (handCount > 0) return "hand";
  if (pub.source.count > 0) return null;
  const mine = pub.seats[seat];
  if (mine.face_up.some((slot) => slot.card)) return "face-up";
  if (mine.face_down.some(Boolean)) return "face-down";
  return null;
}

/** Cards of one printed rank lying together on top of the pile. */
function sameOnTop(pile, rank) {
  let found = 0;
  for (let i = pile.length - 1; i >= 0; i -= 1) {
    const cards = pile[i].cards;
    for (let j = cards.length - 1; j >= 0; j -= 1) {
      if (printedRank(cards[j]) !== rank) return found;
      found += 1;
    }
  }
  return found;
}

/** May `count` cards of printed `rank` (0 for Jokers) be played now? */
export function playable(pub, rank, count) {
  const c = pub.constraint;
  const fields = pub.fields.ranks;
  if (rank !== 0 && count > 1 && fields["4"] && rank !== 4 && rank !== 6) return false;
  if (rank === 0 || c.kind === "any") return true;
  if (c.kind === "must-3") return rank === 3;
  if (c.kind === "seven") return c.direction === "higher" ? rank >= 7 : rank <= 7;
  if (c.no_new_triples && rank !== 3 && sameOnTop(pub.pile, rank) + count >= 3) return false;
  const top = pub.pile[pub.pile.length - 1];
  const flat = Boolean(fields["9"]) && !(top && top.converted);
  const key = (r) => (flat && r <= 9 ? 9 : r);
  const mine = key(rank);
  const theirs = key(rankOf(c.value));
  if (c.kind === "field-seven") return c.direction === "higher" ? mine >= theirs : mine <= theirs;
  if (c.overrulers.includes(String(rank))) return true;
  return c.direction === "at-most" ? mine <= theirs : mine >= theirs;
}
