"""Points, the end conditions (K5) and the final standings (K23).

The points target is checked whenever points are won (seed 003: the first to the score limit
wins, so a point from outside the Czar's pick, such as a Never Have I Ever confession, ends the
game at once); the other conditions between rounds. Void rounds (K25) do not count towards
`rounds`.

Standings are by points; equal points share a place. Seats that left rank below every seat
still playing. A scoring Rando (K12 digipen/official) is ranked like a player but is not a
seat: his score and place are in `Result.detail["rando"]`, and when he places first the seats
he beats place no better than second ("everlasting shame", `detail["shame"]`).
"""

from __future__ import annotations

from ...engine import Event, Result, everyone
from .state import RANDO, Phase, Reason, State

SUDDEN_DEATH_PLAYERS = 8
SUDDEN_DEATH_POINTS = 3


def add_points(state: State, author: int, points: int) -> None:
    """Give points to a seat, or to Rando when his variant scores (K12); else they are lost."""
    if author == RANDO:
        if state.rules.rando_scores:
            state.rando_score += points
    else:
        state.scores[author] += points


def settle_bets(state: State, winner: int | None) -> None:
    """K19: a bettor who wins keeps the stake; otherwise the round's winner takes it. With no
    winner (`winner` None: a tie, a void round, the game ending mid-round) stakes come back.
    Bets whose cards are still pending stay listed for the discard; the others are cleared."""
    bets = state.bets
    for seat, cards in enumerate(bets):
        if cards is not None:
            add_points(state, seat if winner in (None, seat) else winner, 1)
            if not cards:
                bets[seat] = None


def points_target(state: State) -> int | None:
    """K5: the points target, lowered to 3 by sudden death while 8 or more play."""
    target = state.rules.points_target
    if state.rules.sudden_death and sum(state.active) >= SUDDEN_DEATH_PLAYERS:
        target = SUDDEN_DEATH_POINTS if target is None else min(target, SUDDEN_DEATH_POINTS)
    return target


def target_reached(state: State) -> bool:
    """K5: someone (a scoring Rando included, K12) has reached the points target."""
    target = points_target(state)
    return target is not None and (
        max(state.scores) >= target or (state.rules.rando_scores and state.rando_score >= target)
    )


def end_reason_after_round(state: State) -> Reason | None:
    """Which end condition (K5) the round just finished triggers, if any."""
    if target_reached(state):
        return Reason.POINTS_TARGET
    if state.finale:
        return Reason.HAPPY_ENDING
    rounds = state.rules.rounds
    if rounds is not None and state.round - state.void_rounds >= rounds:
        return Reason.ROUNDS
    if state.end_time is not None and state.clock >= state.end_time:
        return Reason.TIME_LIMIT
    return None


def standings(state: State, reason: Reason) -> Result:
    keys = [(active, score) for active, score in zip(state.active, state.scores, strict=True)]
    rando = state.rules.rando_scores
    competitors = [*keys, (True, state.rando_score)] if rando else keys
    places = tuple(1 + sum(1 for other in competitors if other > key) for key in keys)
    detail: dict = {}
    if rando:
        place = 1 + sum(1 for key in keys if key > (True, state.rando_score))
        detail["rando"] = {"score": state.rando_score, "place": place}
        if place == 1:
            detail["shame"] = True
    elif state.rules.rando == "guide":
        detail["rando"] = {"removedBlackCards": len(state.black_removed)}
    if state.rules.teams:
        detail["teams"] = True
    return Result(reason, places, tuple(state.scores), detail or None)


def end_game(state: State, reason: Reason, events: list[Event]) -> None:
    if state.rules.gambling:
        settle_bets(state, None)
    state.result = result = standings(state, reason)
    state.phase = Phase.OVER
    state.acting = frozenset()
    state.waiting = set()
    state.voters = set()
    state.deadline = None
    state.piles_shown = None
    events.append(everyone("game-ended", **result.to_json()))
