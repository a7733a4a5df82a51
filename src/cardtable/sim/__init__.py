"""Headless self-play: whole games between bots, for simulation, balance and benchmarks."""

from .runner import Playthrough, Stalled, play_game

__all__ = ["Playthrough", "Stalled", "play_game"]
