"""Legal actions of a seat, listed in full or drawn at random without listing them.

Ordered picks make the list large (a Pick 3 from 12 cards is 1,320 submissions; an official
reboot may return any of 2^10 - 1 sets of cards), so `random_action` counts each kind of
action and samples one directly: uniform within the seat's part in the round and within its
free actions, which get a fixed share of the draws (see `random_action`).

A blank card may carry any text; `legal` lists each play of blank cards once, written with
`STAND_IN_TEXT` (a blank cannot be played unwritten).
"""

from __future__ import annotations

from itertools import combinations, permutations
from math import comb, perm

from .actions import can_bet
from .dealing import sample_ordered
from .house import can_discard, can_full_reboot, can_read_nhie, confessable, reboot_sizes
from .judging import ranking_size, remaining_answers
from .rounds import submit_sizes
from .state import ELIMINATE, JUDGE, REVEAL, RUNNER_UP, SUBMIT, VOTE, CahState

STAND_IN_TEXT = "Something I wrote myself."
FREE_ACTION_SHARE = 0.1


def playing(state: CahState, kind: str, cards: list[int]) -> dict:
    """A submit or bet of `cards`, each blank card among them written with the stand-in."""
    action = {"type": kind, "cards": cards}
    blanks = [card for card in cards if state.pool.is_blank(card)]
    if blanks:
        action["write"] = {str(card): STAND_IN_TEXT for card in blanks}
    return action


def vote_options(state: CahState, seat: int) -> list[int]:
    """Answers a seat may vote for: not its own, and not the winner in a runner-up vote."""
    winner = state.ranking[0] if state.phase == RUNNER_UP else -1
    return [
        answer for answer, author in enumerate(state.authors) if author != seat and answer != winner
    ]


def legal(state: CahState, seat: int) -> list[dict]:
    if state.result is not None or not state.active[seat]:
        return []
    out: list[dict] = []
    hand = state.hands[seat]
    if seat in state.acting:
        phase = state.phase
        if phase == SUBMIT:
            for size in submit_sizes(state):
                out.extend(playing(state, "submit", list(p)) for p in permutations(hand, size))
        elif phase == REVEAL:
            out.append({"type": "reveal-next"})
        elif phase == JUDGE and state.rules.judging == "seriousBusiness":
            out.extend(
                {"type": "rank", "answers": list(p)}
                for p in permutations(range(len(state.answers)), ranking_size(state))
            )
        elif phase == JUDGE:
            out.extend({"type": "pick", "answer": a} for a in range(len(state.answers)))
        elif phase in (VOTE, RUNNER_UP):
            out.extend({"type": "vote", "answer": a} for a in vote_options(state, seat))
        elif phase == ELIMINATE:
            out.extend({"type": "eliminate", "answer": a} for a in remaining_answers(state))
    if not state.rules.side_actions:
        return out
    if can_bet(state, seat):
        out.extend(playing(state, "bet", list(p)) for p in permutations(hand, state.pick))
    if can_discard(state, seat):
        out.extend({"type": "discard", "card": card} for card in hand)
    for size in reboot_sizes(state, seat):
        out.extend({"type": "reboot", "cards": list(c)} for c in combinations(hand, size))
    if can_full_reboot(state, seat):
        out.append({"type": "reboot"})
    if can_read_nhie(state, seat):
        out.extend({"type": "never-have-i-ever", "card": card} for card in hand)
    out.extend({"type": "confess", "card": card} for card in confessable(state, seat))
    return out


def random_action(state: CahState, seat: int, rng) -> dict:
    """One legal action at random, sampled without listing them all: uniform over the seat's
    part in the round (submit, reveal, judge, vote, eliminate), except that a share
    `FREE_ACTION_SHARE` of the draws is uniform over its free actions (bet, discard, reboot,
    Never Have I Ever, confess) instead, and all of them when it has no part in the round.
    A uniform choice over `legal` would reboot nearly every time a seat has a point (an
    official reboot has 2^10 - 1 ways), so random players would never reach a points target."""
    hand = state.hands[seat]
    rules = state.rules
    if (
        state.phase == SUBMIT
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


def _free_kinds(state: CahState, seat: int, hand: list[int]) -> list[tuple[int, object]]:
    """(how many actions, how to sample one) for each kind of free action the seat has."""
    kinds: list[tuple[int, object]] = []
    if state.result is not None or not state.active[seat] or not state.rules.side_actions:
        return kinds
    if can_bet(state, seat):
        pick = state.pick
        kinds.append(
            (
                perm(len(hand), pick),
                lambda rng: playing(state, "bet", sample_ordered(hand, pick, rng)),
            )
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


def _reboot_sampler(hand: list[int], size: int):
    def sample(rng) -> dict:
        chosen = sorted(rng.sample(range(len(hand)), size))
        return {"type": "reboot", "cards": [hand[i] for i in chosen]}

    return sample


def _round_kinds(state: CahState, seat: int, hand: list[int]) -> list[tuple[int, object]]:
    phase = state.phase
    if phase == SUBMIT:
        return [
            (
                perm(len(hand), size),
                lambda rng, size=size: playing(state, "submit", sample_ordered(hand, size, rng)),
            )
            for size in submit_sizes(state)
        ]
    if phase == REVEAL:
        return [(1, lambda rng: {"type": "reveal-next"})]
    answers = len(state.answers)
    if phase == JUDGE and state.rules.judging == "seriousBusiness":
        size = ranking_size(state)
        return [
            (
                perm(answers, size),
                lambda rng: {"type": "rank", "answers": rng.sample(range(answers), size)},
            )
        ]
    if phase == JUDGE:
        return [(answers, lambda rng: {"type": "pick", "answer": rng.randrange(answers)})]
    if phase in (VOTE, RUNNER_UP):
        options = vote_options(state, seat)
        return [(len(options), lambda rng: {"type": "vote", "answer": rng.choice(options)})]
    if phase == ELIMINATE:
        left = remaining_answers(state)
        return [(len(left), lambda rng: {"type": "eliminate", "answer": rng.choice(left)})]
    return []
