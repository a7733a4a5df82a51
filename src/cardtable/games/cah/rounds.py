"""The life of a round: the Czar and black card, the draws before playing, closing the
submissions into a shuffled anonymous reveal, the round going on without a player (a timeout,
a seat away or gone), and the end of the round (judged or void).

The draws at the start of a round add extra cards to the hands of those who play: DRAW N (K8,
with `honorDrawN`) and official Packing Heat (K15) (note 6: under afterSubmit the draw-N happens
here, at the reveal of the card). Reboot the Universe (K16) makes it at least N-1 on a Pick N:
the extra cards of a DRAW 2, PICK 3 already give that choice, so they do not add up (hands
would grow by a card each such round).
"""

from __future__ import annotations

from ...engine import Event, everyone, only
from .dealing import (
    draw_black,
    draw_into,
    fill,
    rando_answer,
    rando_can_answer,
    shuffled_order,
)
from .judging import (
    current_eliminator,
    drop_eliminator,
    most_voted,
    no_winner,
    remaining_answers,
    score_ranking,
    score_runner_up,
)
from .standings import end_game, end_reason_after_round, settle_bets, target_reached
from .state import NO_CARD, NO_CZAR, NO_VOTE, RANDO, Phase, Reason, State


def next_czar(state: State) -> int:
    """K4/K24: the next seat in the rotation (first Czar, then clockwise, late joiners at the
    end), skipping seats that left."""
    rotation = state.rotation
    position = state.czar_position
    for _ in range(len(rotation)):
        position = (position + 1) % len(rotation)
        if state.active[rotation[position]]:
            state.czar_position = position
            return rotation[position]
    raise AssertionError("no active seat to judge")


def submit_sizes(state: State) -> tuple[int, ...]:
    """How many cards a submission holds (K15 guide: a Pick 2 may take a third card)."""
    if state.pick == 2 and state.rules.packing_heat == "guide":
        return (2, 3)
    return (state.pick,)


def start_round(state: State, events: list[Event], black: int = NO_CARD) -> None:
    """Deal the next black card and open submissions. `black`: a card already chosen
    (the Happy Ending haiku, K17)."""
    rules = state.rules
    if black == NO_CARD:
        black = draw_black(state)
        if black == NO_CARD:
            reason = (
                Reason.OUT_OF_BLACK_CARDS if rules.black_reshuffle else Reason.BLACK_DECK_EXHAUSTED
            )
            end_game(state, reason, events)
            return
    czar = NO_CZAR if rules.judging == "godIsDead" else next_czar(state)
    state.czar = czar
    state.finale = black == state.pool.haiku
    if state.finale:
        state.reserved.remove(black)
    state.round += 1
    state.black = black
    pick = state.pick = state.pool.pick(black)
    extra = state.pool.draw(black) if rules.honor_draw else 0
    if rules.packing_heat == "official" and pick == 2:
        extra += 1
    if rules.reboot_the_universe:
        extra = max(extra, pick - 1)  # a DRAW 2, PICK 3 has already dealt its N-1 extra
    hands = state.hands
    waiting = set()
    for seat, active in enumerate(state.active):
        if not active or seat == czar:
            continue
        hand = hands[seat]
        if extra:
            draw_into(state, hand, extra)
        if len(hand) >= pick:
            waiting.add(seat)
        else:
            events.append(everyone("player-skipped", seat=seat, reason="too-few-cards"))
    if rules.rando == "guide":
        fill(state, state.rando_hand)
        if extra:
            draw_into(state, state.rando_hand, extra)
    state.waiting = waiting
    state.acting = frozenset(waiting)
    state.phase = Phase.SUBMIT
    # K15 guide: while answers of 2 or 3 cards come in, the white piles show their counts as
    # the round opened, since a submitter's draws would tell how many cards it played.
    varied = len(submit_sizes(state)) > 1
    state.piles_shown = (len(state.white_deck), len(state.white_discard)) if varied else None
    state.deadline = None if rules.submit_timer is None else state.clock + rules.submit_timer
    events.append(
        everyone(
            "round-started",
            round=state.round,
            czar=None if czar == NO_CZAR else czar,
            black=state.pool.black(black),
        )
    )
    if not waiting:
        if not rando_can_answer(state, pick):
            end_game(state, Reason.OUT_OF_WHITE_CARDS, events)
            return
        close_submissions(state, events)


def judging_deadline(state: State) -> float | None:
    timer = state.rules.judge_timer
    return None if timer is None else state.clock + timer


def close_submissions(state: State, events: list[Event]) -> None:
    """Everyone is in (or timed out): gather the answers, add Rando's (note 5: before the
    shuffle), shuffle them into anonymous positions (K10) and start judging."""
    answers, authors = [], []
    for seat, cards in enumerate(state.submissions):
        if cards is not None:
            answers.append(cards)
            authors.append(seat)
            state.submissions[seat] = None
    for seat, cards in enumerate(state.bets):
        if cards is not None:
            answers.append(cards)
            authors.append(seat)
            state.bets[seat] = []  # the bet stands; its cards are now an answer
    cards = rando_answer(state, state.pick)
    if cards is not None:
        answers.append(cards)
        authors.append(RANDO)
    state.waiting = set()
    state.piles_shown = None
    if not answers:
        void_round(state, "no-answers", events)
        return
    order = shuffled_order(len(answers), state.rng)
    state.answers = [answers[i] for i in order]
    state.authors = [authors[i] for i in order]
    rules = state.rules
    czar = state.czar
    # K10 (seed 003): the all-submitted event goes to the Czar only; without a Czar, to all.
    if czar == NO_CZAR:
        events.append(everyone("all-submitted", answers=len(answers)))
    else:
        events.append(only((czar,), "all-submitted", answers=len(answers)))
    state.deadline = judging_deadline(state)
    state.ranking = []
    if rules.judging == "godIsDead":
        state.revealed = len(answers)
        open_vote(state, Phase.VOTE, events)
    elif rules.judging == "survival":
        state.revealed = len(answers)
        open_elimination(state, events)
    elif rules.reveal_one_by_one:
        state.revealed = 0
        state.phase = Phase.REVEAL
        state.acting = frozenset((czar,))
    else:
        state.revealed = len(answers)
        state.phase = Phase.JUDGE
        state.acting = frozenset((czar,))


def open_vote(state: State, phase: Phase, events: list[Event]) -> None:
    """Start a vote: God Is Dead (K18) among all answers, or the Happy Ending runner-up vote
    (K17) among the losing ones. A player never votes for their own answer; players left
    with nothing to vote for sit it out, and so do seats that joined during the round (K24)."""
    excluded = state.ranking[0] if phase is Phase.RUNNER_UP else -1
    voters = set()
    for seat, active in enumerate(state.active):
        if (
            active
            and seat != state.czar
            and seat not in state.newcomers
            and any(
                author != seat and answer != excluded for answer, author in enumerate(state.authors)
            )
        ):
            voters.add(seat)
    state.phase = phase
    state.voters = voters
    state.votes = [NO_VOTE] * state.seats
    state.acting = frozenset(voters)
    state.deadline = judging_deadline(state)
    if not voters:
        finish_vote(state, events)


def finish_vote(state: State, events: list[Event]) -> None:
    """Count the votes (a tie gives no point) and go on."""
    answer = most_voted(state)
    if state.phase is Phase.RUNNER_UP:
        score_runner_up(state, answer, events)
        close_round(state, events)
    elif answer is None:
        no_winner(state, events)
        close_round(state, events)
    else:
        judged(state, [answer], events)


def judged(state: State, ranking: list[int], events: list[Event]) -> None:
    """The round has its winner: score it, then the runner-up vote (K17) or the next round.
    A winner at the points target ends the game with the round (K5): no vote follows."""
    score_ranking(state, ranking, events)
    if (
        state.rules.happy_ending == "guideRunnerUpVote"
        and len(state.answers) > 1
        and not target_reached(state)
    ):
        open_vote(state, Phase.RUNNER_UP, events)
    else:
        close_round(state, events)


def open_elimination(state: State, events: list[Event]) -> None:
    """Survival of the Fittest (K20): from the seat after the Czar, every player in turn
    (the Czar included) eliminates one answer until one is left; seats that joined during the
    round play from the next one (K24)."""
    state.phase = Phase.ELIMINATE
    state.eliminated = []
    seats = state.seats
    start = state.czar + 1
    order = ((start + step) % seats for step in range(seats))
    state.turn_order = [
        seat for seat in order if state.active[seat] and seat not in state.newcomers
    ]
    if len(state.answers) == 1:
        judged(state, [0], events)
        return
    state.acting = frozenset((current_eliminator(state),))


def eliminate(state: State, answer: int, events: list[Event]) -> None:
    state.eliminated.append(answer)
    events.append(everyone("answer-eliminated", round=state.round, answer=answer))
    left = remaining_answers(state)
    if len(left) == 1:
        judged(state, left, events)
    else:
        state.acting = frozenset((current_eliminator(state),))


def sit_out(state: State, seat: int, reason: str, events: list[Event]) -> None:
    """A player due to submit sits the round out and keeps their cards."""
    events.append(everyone("player-skipped", seat=seat, reason=reason))
    stop_waiting(state, seat, events)


def stop_waiting(state: State, seat: int, events: list[Event]) -> None:
    """The round goes on without a player: out of the submissions (they close when nobody
    else is due), out of a vote, out of the elimination order (K20)."""
    phase = state.phase
    if phase is Phase.SUBMIT and seat in state.waiting:
        state.waiting.discard(seat)
        state.acting = frozenset(state.waiting)
        if not state.waiting:
            close_submissions(state, events)
    elif phase in (Phase.VOTE, Phase.RUNNER_UP) and seat in state.voters:
        state.voters.discard(seat)
        state.acting = frozenset(state.voters)
        if not state.voters:
            finish_vote(state, events)
    elif phase is Phase.ELIMINATE and seat in state.turn_order:
        drop_eliminator(state, seat)
        if state.turn_order:
            state.acting = frozenset((current_eliminator(state),))
        else:
            void_round(state, "no-eliminators", events)


def discard_answers(state: State) -> None:
    """K11: every played white card goes to the discard pile, the winner's included."""
    discard = state.white_discard
    for answer in state.answers:
        discard.extend(answer)
    for seat, pending in enumerate(state.submissions):
        if pending is not None:
            discard.extend(pending)
            state.submissions[seat] = None
    for seat, bet in enumerate(state.bets):
        if bet is not None:
            discard.extend(bet)
            state.bets[seat] = None
    state.answers = []
    state.authors = []
    if state.writes:
        state.writes = {}


def void_round(state: State, reason: str, events: list[Event], next_black: int = NO_CARD) -> None:
    """A round without a winner (K25 the Czar left, a judging timeout, no answers): bets are
    refunded, the played whites and the black card are discarded, and the next round starts.
    A void round does not count towards the `rounds` end condition (K5)."""
    state.void_rounds += 1
    if state.rules.gambling:
        settle_bets(state, None)
    if state.black != NO_CARD:
        state.black_used.append(state.black)
        state.black = NO_CARD
    events.append(everyone("round-void", round=state.round, reason=reason))
    close_round(state, events, next_black)


def close_round(state: State, events: list[Event], next_black: int = NO_CARD) -> None:
    """Clear the table, refill hands (K2 afterRound), check the end (K5), start the next
    round (on `next_black` when it is already chosen: the Happy Ending haiku, K17)."""
    discard_answers(state)
    if state.nhie_played:
        state.white_discard.extend(state.nhie_table)
        state.nhie_table = []
        state.nhie_played = {}
        state.nhie_confessed = set()
    if state.ranking:
        state.ranking = []
    if state.eliminated:
        state.eliminated = []
    if state.voters:
        state.voters = set()
    if state.newcomers:
        state.newcomers = set()  # K24: they play from the round that starts now
    state.deadline = None
    if not state.rules.refill_after_submit:
        for seat, active in enumerate(state.active):
            if active:
                fill(state, state.hands[seat])
    reason = end_reason_after_round(state)
    if reason is not None:
        end_game(state, reason, events)
        return
    start_round(state, events, next_black)
