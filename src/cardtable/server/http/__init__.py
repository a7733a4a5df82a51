"""The HTTP API: one router per resource (tables, games, health, decks, leaderboard,
moderation), who may look at a table, error answers, and limits on request heads and bodies."""
