"""The `cunt-soul` game: metadata, options, and the engine hooks wired to the modules that do
the work (deal, moves, actions, views, timeouts)."""

from __future__ import annotations

from ...engine import Game, Option, OptionSet, Result, Rng
from .actions import apply_action
from .deal import deal
from .moves import legal
from .state import OVER, PLAY, SELECT, State
from .timeouts import choice_deadline, deadline
from .views import public_view, seat_view, secret_view


class CuntSoul(Game):
    id = "cunt-soul"
    title = "Cunt-Soul"
    summary = (
        "Shithead where every rank has an ability and every player's field card changes the "
        "rules for all. Shed your hand, then your face-up and face-down cards; the last one "
        "left is the sole-cunt."
    )
    min_seats = 2
    max_seats = 8
    option_set = OptionSet(
        [
            Option(
                "replenishAtEndOfTurn",
                "bool",
                False,
                "Refill hands at the end of the turn",
                "The authors' v1.2 timing instead of refilling after every play (CS-9).",
            ),
            Option(
                "fivePeek",
                "bool",
                False,
                "5-field: look before swapping",
                "Under a 5-field, look at the face-down card, then keep or swap it (v1.3, CS-32).",
            ),
            Option(
                "sixOverrideParadox",
                "bool",
                False,
                "Joker on an overruling 6 is a paradox",
                "v1.1: a Joker on a 6 that was played on a higher card burns the pile (CS-48).",
            ),
            Option(
                "turnSeconds",
                "int",
                60,
                "Time per move",
                "Seconds a player has to move. When they run out, the table plays for them. "
                "Empty: no limit.",
                group="Time",
                min=10,
                max=3600,
                nullable=True,
            ),
            Option(
                "dealer",
                "int",
                None,
                "Dealer seat",
                "Set by the table for a rematch: the previous sole-cunt deals (CS-2).",
                min=0,
                max=7,
                nullable=True,
                internal=True,
            ),
        ],
        presets={"default": {}},
    )

    def setup(self, options, seats, rng: Rng, now):
        return deal(options, seats, rng, now)

    def next_options(self, options: dict, result: Result, seat_moves: dict[int, int]) -> dict:
        """CS-2: the previous game's sole-cunt deals the next one, from wherever he now sits; a
        random dealer when there was none (a tied stalemate) or he does not play again."""
        loser = (result.detail or {}).get("sole_cunt")
        return {**options, "dealer": seat_moves.get(loser)}

    def seat_count(self, state: State) -> int:
        return state.seats

    def to_act(self, state: State) -> frozenset[int]:
        if state.phase == SELECT:
            return frozenset(s for s in range(state.seats) if state.selections[s] is None)
        if state.phase == PLAY:
            return _ALONE[state.current]
        return frozenset()

    # The hooks called for every decision go straight to their modules' functions.
    legal = staticmethod(legal)
    play = staticmethod(apply_action)

    def random_action(self, state: State, seat: int, rng) -> dict:
        """Uniform over `legal`; the opening selection is sampled without listing its 504."""
        if state.phase == SELECT and state.selections[seat] is None:
            hand = sorted(state.hands[seat])
            picked = rng.sample(hand, 4)
            return {"type": "select", "face_up": sorted(picked[:3]), "field": picked[3]}
        return rng.choice(legal(state, seat))

    def public_view(self, state: State) -> dict:
        return public_view(state)

    def seat_view(self, state: State, seat: int) -> dict:
        return seat_view(state, seat)

    def secret_view(self, state: State) -> dict:
        return secret_view(state)

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        if state.stalemate is None:
            return Result.from_order(
                "sole-cunt", state.places, state.seats, detail={"sole_cunt": state.places[-1]}
            )
        last = state.stalemate[-1]
        order = [*state.places, *(tuple(group) for group in state.stalemate)]
        detail = {"sole_cunt": last[0] if len(last) == 1 else None}
        return Result.from_order("stalemate", order, state.seats, detail=detail)

    def clone(self, state: State) -> State:
        return state.clone()

    def deadline(self, state: State) -> float | None:
        return deadline(state)

    def timeout_actions(self, state: State) -> list[tuple[int | None, dict]]:
        """CS-69's default for a timed choice; [] otherwise: when the time per move runs out,
        the table's autopilot plays for the seat."""
        return [] if choice_deadline(state) is None else [(None, {"type": "timeout"})]


# `to_act` while one seat plays: one shared frozenset per seat (they are immutable).
_ALONE = tuple(frozenset((seat,)) for seat in range(CuntSoul.max_seats))

GAME = CuntSoul()
