"""Headless self-play: whole games between bots, for simulation, balance and benchmarks."""

from .runner import Playthrough, Stalled, Unfinished, play_game

__all__ = ["Playthrough", "Stalled", "Unfinished", "play_game"]
