"""Hidden cards and the games that deal them: a game started now leaves them out, a running
one retires them as a logged step of its table (games with `ModeratedCards`)."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.capabilities import ModeratedCards
from ..live.table import LiveTable
from .refreshed import Refreshed


async def retire(live: LiveTable, keys: Iterable[str]) -> bool:
    """Retire from the game running at `live` the hidden cards (text keys) it still deals, as
    one step; whether there were any."""
    state = live.state
    game = state.game
    if state.status != "playing" or not isinstance(game, ModeratedCards):
        return False
    dealt = [key for key in sorted(keys) if game.holds_cards(state.game_state, frozenset((key,)))]
    if not dealt:
        return False
    await live.act("lobby", None, {"type": "retire-cards", "cards": dealt})
    return True


async def hidden_at_start(hidden_cards: Refreshed[frozenset[str]], live: LiveTable) -> list[str]:
    """The hidden cards a game started now at `live` would deal (the `start` step's
    `hidden`, which the game leaves out)."""
    game = live.state.game
    if not isinstance(game, ModeratedCards):
        return []
    hidden = await hidden_cards.get()
    if not hidden:
        return []
    try:
        return sorted(hidden & game.card_keys(live.state.options, live.state.decks))
    except ValueError:
        return []  # the options are refused at start with their own error
