"""What a game may offer beyond the engine contract, for the table and the server to ask for.

Each capability is a `typing.Protocol` a game object meets by having its methods; the table
and the server test for it with `isinstance(game, Capability)` and never name a game's own
options or actions. A game without a capability simply has none of what it describes.

- `WrittenCards`: people write text onto cards (CAH's custom cards, its blanks, cards players
  write in the lobby). The server runs the site's word filter over every such text before it
  is logged, and the table adds the cards players write.
- `ModeratedCards`: the game deals cards of written text, which moderators may hide site-wide
  (by text key, decks/card_keys.py): a new game leaves them out, a running one retires them,
  and a card of a running game can be looked up by the id its views show.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from .game import Decks


@runtime_checkable
class WrittenCards(Protocol):
    def written_texts(self, options: Any) -> list[str]:
        """Every text the host's options (as a client sent them, unchecked) write on cards."""
        ...

    def written_in_play(self, action: dict[str, Any]) -> list[str]:
        """Every text a game action (as a client sent it, unchecked) writes on cards."""
        ...

    def with_written_card(
        self, options: dict[str, Any], color: str, text: str, decks: Decks
    ) -> dict[str, Any] | None:
        """The options (of a game dealing from `decks`) with one more card of `color` a player
        wrote; None when the game takes no such card; ValueError when it refuses this one (too
        long, too many)."""
        ...


@runtime_checkable
class ModeratedCards(Protocol):
    def card_keys(self, options: dict[str, Any], decks: Decks) -> frozenset[str]:
        """The text keys of every card a game with these options would deal from `decks`."""
        ...

    def without_cards(self, options: dict[str, Any], keys: list[str]) -> dict[str, Any]:
        """The options of a game that leaves out the cards with these text keys."""
        ...

    def holds_cards(self, state: Any, keys: frozenset[str]) -> bool:
        """Whether the running game still deals a card with one of these text keys."""
        ...

    def retire_action(self, keys: list[str]) -> dict[str, Any]:
        """The action (applied by the table, seat None) retiring those cards from the game."""
        ...

    def card_text(self, state: Any, card: int) -> str | None:
        """The text of card `card` as the game's views show it; None if there is none."""
        ...
