"""Headless self-play: whole games between bots, for simulation, balance and benchmarks."""

from .runner import Playthrough, Unfinished, play_game

__all__ = ["Playthrough", "Unfinished", "play_game"]
