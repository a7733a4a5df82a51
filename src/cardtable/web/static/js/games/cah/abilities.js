// games/cah/abilities.js: what your seat may do right now, read from your view and the
// table's options (the server sends no list of legal actions; it still checks every action
// and refuses what the rules do not allow, with a message shown to you).

const NOTHING = {
  submit: null, reveal: false, pick: false, rank: 0, vote: false, eliminate: false,
  bet: false, discard: false, reboot: null, neverHaveIEver: false, confess: [],
};

export function abilities(view, options, seat) {
  const pub = view.public;
  const you = view.you;
  if (seat === null || seat === undefined || !you || pub.result || !pub.seats[seat].active) return NOTHING;
  const acting = pub.waitingFor.includes(seat);
  const phase = pub.phase;
  const mine = pub.seats[seat];
  const hand = you.hand.length;
  const pick = pub.pick;
  const submitting = acting && phase === "submit";
  const keep = submitting ? pick : 0;
  const submitSizes = pick === 2 && options.packingHeat === "guide" ? [2, 3] : [pick];
  return {
    submit: submitting ? submitSizes : null,
    reveal: acting && phase === "reveal",
    pick: acting && phase === "judge" && pub.judging !== "seriousBusiness",
    rank: acting && phase === "judge" && pub.judging === "seriousBusiness" ? Math.min(3, pub.answers.length) : 0,
    vote: acting && (phase === "vote" || phase === "runner-up-vote"),
    eliminate: acting && phase === "eliminate",
    bet: Boolean(options.gambling) && phase === "submit" && !mine.bet && mine.score >= 1 && seat !== pub.czar
      && (submitting ? hand >= 2 * pick : Boolean(you.submitted) && hand >= pick),
    discard: options.discardUnknown !== "off" && hand > keep,
    reboot: mine.score < 1 ? null : options.reboot === "official" ? "cards" : options.reboot === "guideFullHand" ? "hand" : null,
    neverHaveIEver: Boolean(options.neverHaveIEverPoints) && hand > keep && !pub.neverHaveIEver.some((read) => read.by === seat),
    confess: pub.neverHaveIEver.filter((read) => read.by !== seat && !read.confessed.includes(seat)).map((read) => read.card.id),
  };
}

/** Answers this seat may choose in a vote: not its own, nor the round's winner (runner-up vote). */
export function votable(view, seat) {
  const own = new Set((view.you ? view.you.yourAnswers : []).map((a) => a.answer));
  const winner = view.public.phase === "runner-up-vote" && view.public.winner ? view.public.winner.answer : -1;
  return (answer) => !own.has(answer) && answer !== winner && seat !== null;
}
