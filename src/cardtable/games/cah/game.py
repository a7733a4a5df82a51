"""The CAH game object: metadata, setup and the engine hooks, wired to the rule modules."""

from __future__ import annotations

from typing import Any

from ...engine import Event, Game, IllegalAction, Result, Rng
from . import actions, house, legal, table, views
from .cards import check_pool, pool_for
from .dealing import fill
from .options import MAX_SEATS, OPTION_SET, Rules, check_rules, seat_bounds, upgrade
from .rounds import start_round
from .standings import end_game
from .state import CahState

SEAT_ACTIONS = {
    "submit": actions.submit,
    "bet": actions.bet,
    "reveal-next": actions.reveal_next,
    "pick": actions.pick,
    "rank": actions.rank,
    "vote": actions.vote,
    "eliminate": actions.eliminate_answer,
    "discard": house.discard,
    "reboot": house.reboot,
    "never-have-i-ever": house.never_have_i_ever,
    "confess": house.confess,
}


class CahGame(Game):
    id = "cah"
    title = "Cards Against Humanity"
    summary = (
        "Fill in the blank with the funniest white card; the Card Czar picks a winner. "
        "Presets: CAH Online, Official CAH, DigiPen Against Humanity."
    )
    min_seats = 2
    max_seats = MAX_SEATS
    option_set = OPTION_SET

    def options(self, options=None) -> dict[str, Any]:
        """As `Game.options`; values of earlier versions (stored tables) are read as their
        current equivalents (options.py `RENAMED_VALUES`)."""
        return super().options(upgrade(options))

    def check_options(self, options: dict[str, Any]) -> None:
        check_rules(options)
        pool_for(options)  # unknown decks raise here

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return seat_bounds(options)

    def setup(self, options: dict[str, Any], seats: int, rng: Rng, now: float) -> CahState:
        rules = Rules(options)
        pool = pool_for(options)
        check_pool(pool, seats + (rules.rando == "guide"), rules.hand_size)
        if rules.first_czar_seat is not None and rules.first_czar_seat >= seats:
            raise ValueError(f"firstCzarSeat {rules.first_czar_seat} is not a seat of {seats}")
        state = CahState(rules, pool, rng, seats, now)
        for hand in state.hands:
            fill(state, hand)
        first = rules.first_czar_seat
        if first is None:
            first = rng.randrange(seats)
        state.rotation = [(first + step) % seats for step in range(seats)]
        start_round(state, [])
        return state

    def seat_count(self, state: CahState) -> int:
        return len(state.active)

    def to_act(self, state: CahState) -> frozenset[int]:
        return state.acting

    def legal(self, state: CahState, seat: int) -> list[dict]:
        return legal.legal(state, seat)

    def random_action(self, state: CahState, seat: int, rng) -> dict:
        return legal.random_action(state, seat, rng)

    def play(self, state: CahState, seat, action: dict, now) -> list[Event]:
        kind = action["type"]
        if seat is None:
            handler = table.TABLE_ACTIONS.get(kind)
            if handler is None:
                raise IllegalAction(
                    "needs-seat" if kind in SEAT_ACTIONS else "unknown-action",
                    f"the table cannot {kind!r}",
                )
        else:
            handler = SEAT_ACTIONS.get(kind)
            if handler is None:
                raise IllegalAction(
                    "table-only" if kind in table.TABLE_ACTIONS else "unknown-action",
                    f"no action {kind!r} for a seat",
                )
            if not state.active[seat]:
                raise IllegalAction("left-game", "this seat has left the game")
        previous = state.clock
        if now is not None and now > previous:
            state.clock = now
        events: list[Event] = []
        try:
            handler(state, seat, action, events)
        except IllegalAction:
            state.clock = previous
            raise
        if state.end_time is not None and state.result is None and state.clock >= state.end_time:
            end_game(state, "time-limit", events)
        return events

    host_actions = frozenset({"end-game"})
    autopilot_away = False  # an away seat's answer is skipped (`skip_action`), K25 for a Czar

    def seat_capacity(self, options: dict) -> int:
        return 2 if options["teams"] else 1  # Team CAH: two people share a seat

    def join_action(self, state: CahState) -> dict | None:
        if state.rules.allow_late_join and state.result is None:
            return {"type": "join-seat"}  # K24
        return None

    def leave_action(self, state: CahState, seat: int) -> dict | None:
        return {"type": "leave-seat", "seat": seat}  # K25 when the seat is the Czar's

    def skip_action(self, state: CahState, seat: int) -> dict | None:
        """An away seat is not waited for: it sits the round out, or voids it as Czar (K25)."""
        return {"type": "skip-seat", "seat": seat} if table.awaited(state, seat) else None

    def deadline(self, state: CahState) -> float | None:
        return table.deadline(state)

    def public_view(self, state: CahState) -> dict:
        return views.public_view(state)

    def card_keys(self, options: dict[str, Any]) -> frozenset[str]:
        """Text keys (decks/card_keys.py) of every written card these options deal: the server
        fills `hiddenCards` with the hidden ones among them at each start."""
        return frozenset(pool_for(options).card_ids_by_key())

    def holds_cards(self, state: CahState, keys: frozenset[str]) -> bool:
        """Whether this game still deals a card with one of these text keys: one it has not
        retired yet (see `retire-cards`)."""
        by_key = state.pool.card_ids_by_key()
        return any(card not in state.retired for key in keys for card in by_key.get(key, ()))

    def card_text(self, state: CahState, card: int) -> str | None:
        """The text of card `card` as views show it (a blank shows what was written on it)."""
        pool = state.pool
        if isinstance(card, bool) or not isinstance(card, int) or card < 0:
            return None
        if card < pool.white_count:
            return views.white_cards(state, [card])[0]["text"] or None
        if card < pool.black_first + pool.black_count:
            return pool.black(card)["text"]
        return None

    def seat_view(self, state: CahState, seat: int) -> dict:
        return views.seat_view(state, seat)

    def secret_view(self, state: CahState) -> dict:
        return views.secret_view(state)

    def result(self, state: CahState) -> Result | None:
        return state.result

    def clone(self, state: CahState) -> CahState:
        return state.clone()


GAME = CahGame()
