"""High Card, the example game (game id `example`): the smallest game that meets the whole
engine contract, written to be copied when starting a new one (docs/new-game.md walks
through it). It is registered for the tests and the docs, not offered to tables
(`Game.listed`).

The rules: 2 to 4 players are each dealt a hand from a shuffled 52-card pack. Every round,
each player puts one card face down, all at the same time; then the cards are turned up and
the single highest (aces high) scores a point; when the highest cards tie, nobody scores.
The game ends when the hands are played out, or as soon as the leader's lead is more than
the rounds left. A round has a time limit: when it runs out, whoever has not chosen plays
their lowest card.

Modules: options, state (the state, its phases and the reasons a game ends), deal (the
setup), legal, actions (check, then apply), rounds (scoring a round, the end), timers (the
round's deadline and what its timeout plays), views, game (the engine contract).
"""

from .game import HighCard

GAME = HighCard()

__all__ = ["GAME", "HighCard"]
