"""The HTTP API: one router per resource (tables, games, table settings, health, decks,
leaderboard, moderation), who may look at a table, error answers, and limits on request heads
and bodies."""
