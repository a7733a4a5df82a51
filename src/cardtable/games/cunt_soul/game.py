"""Cunt-Soul as the engine sees it: metadata, and each hook handed to its module."""

from __future__ import annotations

from ...engine import Game, Result, Rng
from . import actions, deal, timers, views
from .affordances import affordances, expand
from .determinize import determinize as sample_hidden
from .legal import legal, to_act
from .options import OPTIONS
from .ranks import MAX_SEATS
from .state import Phase, Reason, State


class CuntSoul(Game):
    id = "cunt-soul"
    title = "Cunt-Soul"
    summary = (
        "Shithead where every rank has an ability and every player's field card changes the "
        "rules for all. Shed your hand, then your face-up and face-down cards; the last one "
        "left is the sole-cunt."
    )
    min_seats = 2
    max_seats = MAX_SEATS
    option_set = OPTIONS

    def setup(self, options, seats, rng: Rng, now, decks) -> State:
        return deal.deal(options, seats, rng, now)

    def next_options(self, options: dict, result: Result, seat_moves: dict[int, int]) -> dict:
        """CS-2: the previous game's sole-cunt deals the next one, from wherever he now sits; a
        random dealer when there was none (a tied stalemate) or he does not play again."""
        loser = (result.detail or {}).get("sole_cunt")
        return {**options, "dealer": None if loser is None else seat_moves.get(loser)}

    def seat_count(self, state: State) -> int:
        return state.seats

    # The hooks called for every decision go straight to their modules' functions.
    to_act = staticmethod(to_act)
    legal = staticmethod(legal)
    play = staticmethod(actions.apply)
    affordances = staticmethod(affordances)
    expand_affordances = staticmethod(expand)

    def random_action(self, state: State, seat: int, rng) -> dict:
        """Uniform over `legal`; the opening selection is sampled without listing its 504."""
        if state.phase is Phase.SELECT and state.selections[seat] is None:
            hand = sorted(state.hands[seat])
            picked = rng.sample(hand, 4)
            return {"type": "select", "face_up": sorted(picked[:3]), "field": picked[3]}
        return rng.choice(legal(state, seat))

    def deadline(self, state: State) -> float | None:
        return timers.deadline(state)

    def timeout_actions(self, state: State) -> list[tuple[int | None, dict]]:
        return timers.timeout_actions(state)

    def public_view(self, state: State) -> dict:
        return views.public_view(state)

    def seat_view(self, state: State, seat: int) -> dict:
        return {**views.seat_view(state, seat), "can": self.affordances(state, seat)}

    def secret_view(self, state: State) -> dict:
        return views.secret_view(state)

    def result(self, state: State) -> Result | None:
        if state.phase is not Phase.OVER:
            return None
        if state.stalemate is None:
            return Result.from_order(
                Reason.SOLE_CUNT,
                state.places,
                state.seats,
                detail={"sole_cunt": state.places[-1]},
            )
        last = state.stalemate[-1]
        order = [*state.places, *(tuple(group) for group in state.stalemate)]
        detail = {"sole_cunt": last[0] if len(last) == 1 else None}
        return Result.from_order(Reason.STALEMATE, order, state.seats, detail=detail)

    def clone(self, state: State) -> State:
        return state.clone()

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return sample_hidden(state, seat, rng)


GAME = CuntSoul()
