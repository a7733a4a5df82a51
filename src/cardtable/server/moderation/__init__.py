"""Moderation: admins and their log, site bans, reports' targets, hidden cards, the word
filter, and the upkeep that keeps their in-memory copies fresh."""
