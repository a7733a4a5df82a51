"""Cunt-Soul (seed 002, rules/cunt_soul.md): a Shithead variant with an ability on every rank
and field cards that change the rules for everyone."""

from .game import GAME

__all__ = ["GAME"]
