"""cardtable: a self-hostable online table for party card games, with a headless rules engine."""

__version__ = "0.1.0"
