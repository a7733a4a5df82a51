"""Drawing one legal action of a seat at random without listing them all (the `random`
bot's move, `Game.random_action`): each kind of action is counted and one is sampled
directly, uniform within the seat's part in the round and within its free actions, which get
a fixed share of the draws (see `random_action`).
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb, perm

from ...engine import Rng
from .dealing import sample_ordered
from .house import can_discard, can_full_reboot, can_read_nhie, confessable, reboot_sizes
from .judging import ranking_size, remaining_answers
from .legal import playing, vote_options
from .round_actions import can_bet
from .rounds import submit_sizes
from .state import Phase, State

FREE_ACTION_SHARE = 0.1

Sampler = Callable[[Rng], dict]
Kind = tuple[int, Sampler]  # how many actions of a kind, and how to draw one of them


def random_action(state: State, seat: int, rng: Rng) -> dict:
    """One legal action at random, sampled without listing them all: uniform over the seat's
    part in the round (submit, reveal, judge, vote, eliminate), except that a share
    `FREE_ACTION_SHARE` of the draws is uniform over its free actions (bet, discard, reboot,
    Never Have I Ever, confess) instead, and all of them when it has no part in the round.
    A uniform choice over `legal` would reboot nearly every time a seat has a point (an
    official reboot has 2^10 - 1 ways), so random players would never reach a points target."""
    hand = state.hands[seat]
    rules = state.rules
    if (
        state.phase is Phase.SUBMIT
        and not rules.side_actions
        and seat in state.waiting
        and (state.pick != 2 or rules.packing_heat != "guide")
    ):
        return playing(state, "submit", sample_ordered(hand, state.pick, rng))
    in_round = seat in state.acting and state.result is None and state.active[seat]
    kinds = _round_kinds(state, seat, hand) if in_round else []
    free = _free_kinds(state, seat, hand)
    if not kinds or (free and rng.random() < FREE_ACTION_SHARE):
        kinds = free
    total = sum(count for count, _ in kinds)
    if total == 0:
        raise IndexError(f"seat {seat} has no legal action")
    draw = rng.randrange(total)
    for count, sample in kinds:
        if draw < count:
            return sample(rng)
        draw -= count
    raise AssertionError("unreachable")


def _free_kinds(state: State, seat: int, hand: list[int]) -> list[Kind]:
    """(how many actions, how to sample one) for each kind of free action the seat has."""
    kinds: list[Kind] = []
    if state.result is not None or not state.active[seat] or not state.rules.side_actions:
        return kinds
    if can_bet(state, seat):
        kinds.append(
            (perm(len(hand), state.pick), _playing_sampler(state, "bet", hand, state.pick))
        )
    if can_discard(state, seat):
        kinds.append((len(hand), lambda rng: {"type": "discard", "card": rng.choice(hand)}))
    for size in reboot_sizes(state, seat):
        kinds.append((comb(len(hand), size), _reboot_sampler(hand, size)))
    if can_full_reboot(state, seat):
        kinds.append((1, lambda rng: {"type": "reboot"}))
    if can_read_nhie(state, seat):
        kinds.append(
            (len(hand), lambda rng: {"type": "never-have-i-ever", "card": rng.choice(hand)})
        )
    cards = confessable(state, seat)
    if cards:
        kinds.append((len(cards), lambda rng: {"type": "confess", "card": rng.choice(cards)}))
    return kinds


def _playing_sampler(state: State, kind: str, hand: list[int], size: int) -> Sampler:
    """A submit or bet of `size` cards of `hand` in a random order."""

    def sample(rng: Rng) -> dict:
        return playing(state, kind, sample_ordered(hand, size, rng))

    return sample


def _reboot_sampler(hand: list[int], size: int) -> Sampler:
    def sample(rng: Rng) -> dict:
        chosen = sorted(rng.sample(range(len(hand)), size))
        return {"type": "reboot", "cards": [hand[i] for i in chosen]}

    return sample


def _round_kinds(state: State, seat: int, hand: list[int]) -> list[Kind]:
    phase = state.phase
    if phase is Phase.SUBMIT:
        return [
            (perm(len(hand), size), _playing_sampler(state, "submit", hand, size))
            for size in submit_sizes(state)
        ]
    if phase is Phase.REVEAL:
        return [(1, lambda rng: {"type": "reveal-next"})]
    answers = len(state.answers)
    if phase is Phase.JUDGE and state.rules.judging == "seriousBusiness":
        size = ranking_size(state)
        return [
            (
                perm(answers, size),
                lambda rng: {"type": "rank", "answers": rng.sample(range(answers), size)},
            )
        ]
    if phase is Phase.JUDGE:
        return [(answers, lambda rng: {"type": "pick", "answer": rng.randrange(answers)})]
    if phase in (Phase.VOTE, Phase.RUNNER_UP):
        options = vote_options(state, seat)
        return [(len(options), lambda rng: {"type": "vote", "answer": rng.choice(options)})]
    if phase is Phase.ELIMINATE:
        left = remaining_answers(state)
        return [(len(left), lambda rng: {"type": "eliminate", "answer": rng.choice(left)})]
    return []
