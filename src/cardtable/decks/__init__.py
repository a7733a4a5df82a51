"""CAH-style decks: the normal form, our own decks as data, importers for other formats, and
the content addresses that name a deck's cards."""

from .errors import DeckError
from .model import Call, Deck, Response

__all__ = ["Call", "Deck", "DeckError", "Response"]
