"""CAH-style decks: the normal form, our own decks as data, and importers for other formats."""

from .errors import DeckError
from .model import Call, Deck, Response

__all__ = ["Call", "Deck", "DeckError", "Response"]
