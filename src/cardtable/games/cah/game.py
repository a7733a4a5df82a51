"""The CAH game object: metadata, and each engine hook handed to its module."""

from __future__ import annotations

from typing import Any

from ...engine import Decks, Event, Game, Result, Rng
from . import actions, legal, sampling, setup, table, timers, views
from .cards import pool_for
from .options import MAX_SEATS, OPTION_SET, check_rules, seat_bounds, upgrade
from .state import State

#: The options holding the custom cards of each colour (a player may write one in the lobby).
CUSTOM_CARDS = {"white": "customWhiteCards", "black": "customBlackCards"}


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

    def options(self, options=None, decks: Decks = None) -> dict[str, Any]:
        """As `Game.options`; values of earlier versions (stored tables) are read as their
        current equivalents (options.py `RENAMED_VALUES`)."""
        return super().options(upgrade(options), decks)

    def check_options(self, options: dict[str, Any], decks: Decks) -> None:
        check_rules(options)
        pool_for(options, decks)  # unknown decks raise here

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return seat_bounds(options)

    def setup(
        self, options: dict[str, Any], seats: int, rng: Rng, now: float, decks: Decks
    ) -> State:
        return setup.setup(options, seats, rng, now, decks)

    def seat_count(self, state: State) -> int:
        return len(state.active)

    def to_act(self, state: State) -> frozenset[int]:
        return legal.to_act(state)

    def legal(self, state: State, seat: int) -> list[dict]:
        return legal.legal(state, seat)

    def affordances(self, state: State, seat: int) -> dict:
        return legal.affordances(state, seat)

    def expand_affordances(self, view: dict) -> list[dict]:
        return legal.expand_view(view)

    def random_action(self, state: State, seat: int, rng: Rng) -> dict:
        return sampling.random_action(state, seat, rng)

    def play(self, state: State, seat: int | None, action: dict, now: float | None) -> list[Event]:
        return actions.apply(state, seat, action, now)

    host_actions = frozenset({"end-game"})
    autopilot_away = False  # an away seat's answer is skipped (`skip_action`), K25 for a Czar

    def seat_capacity(self, options: dict) -> int:
        return 2 if options["teams"] else 1  # Team CAH: two people share a seat

    def join_action(self, state: State) -> dict | None:
        if state.rules.allow_late_join and state.result is None:
            return {"type": "join-seat"}  # K24
        return None

    def leave_action(self, state: State, seat: int) -> dict | None:
        return {"type": "leave-seat", "seat": seat}  # K25 when the seat is the Czar's

    def skip_action(self, state: State, seat: int) -> dict | None:
        """An away seat is not waited for: it sits the round out, or voids it as Czar (K25)."""
        return {"type": "skip-seat", "seat": seat} if table.awaited(state, seat) else None

    def deadline(self, state: State) -> float | None:
        return timers.deadline(state)

    def public_view(self, state: State) -> dict:
        return views.public_view(state)

    # -- engine/capabilities.py: WrittenCards -------------------------------------------------

    def written_texts(self, options: Any) -> list[str]:
        """The custom cards the host's options write (as a client sent them)."""
        if not isinstance(options, dict):
            return []
        written = [options.get(key) or () for key in CUSTOM_CARDS.values()]
        lists = [texts for texts in written if isinstance(texts, list | tuple)]
        return [text for texts in lists for text in texts if isinstance(text, str)]

    def written_in_play(self, action: dict[str, Any]) -> list[str]:
        """What an answer writes on the blank cards it plays (`write`)."""
        written = action.get("write")
        if not isinstance(written, dict):
            return []
        return [text for text in written.values() if isinstance(text, str)]

    def with_written_card(
        self, options: dict[str, Any], color: str, text: str, decks: Decks
    ) -> dict[str, Any] | None:
        key = CUSTOM_CARDS.get(color)
        if key is None or key not in options:
            return None
        return self.options({**options, key: [*options[key], text]}, decks)

    # -- engine/capabilities.py: ModeratedCards -----------------------------------------------

    def without_cards(self, options: dict[str, Any], keys: list[str]) -> dict[str, Any]:
        return {**options, "hiddenCards": list(keys)}

    def retire_action(self, keys: list[str]) -> dict[str, Any]:
        return {"type": "retire-cards", "cards": list(keys)}

    def card_keys(self, options: dict[str, Any], decks: Decks) -> frozenset[str]:
        """Text keys (decks/card_keys.py) of every written card these options deal from
        `decks`: the server fills `hiddenCards` with the hidden ones among them at each start."""
        return frozenset(pool_for(options, decks).card_ids_by_key())

    def holds_cards(self, state: State, keys: frozenset[str]) -> bool:
        """Whether this game still deals a card with one of these text keys: one it has not
        retired yet (see `retire-cards`)."""
        by_key = state.pool.card_ids_by_key()
        return any(card not in state.retired for key in keys for card in by_key.get(key, ()))

    def card_text(self, state: State, card: int) -> str | None:
        """The text of card `card` as views show it (a blank shows what was written on it)."""
        pool = state.pool
        if isinstance(card, bool) or not isinstance(card, int) or card < 0:
            return None
        if card < pool.white_count:
            return views.white_cards(state, [card])[0]["text"] or None
        if card < pool.black_first + pool.black_count:
            return pool.black(card)["text"]
        return None

    def seat_view(self, state: State, seat: int) -> dict:
        return {**views.seat_view(state, seat), "can": self.affordances(state, seat)}

    def secret_view(self, state: State) -> dict:
        return views.secret_view(state)

    def result(self, state: State) -> Result | None:
        return state.result

    def clone(self, state: State) -> State:
        return state.clone()


GAME = CahGame()
