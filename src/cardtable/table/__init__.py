"""The table: the lobby (members, seats, host, settings, chat, series) around one game, as
pure data changed only by the entries of its log. No I/O, no clock, no asyncio: the server
(`cardtable.server`) stores the log and runs tables live; this layer says what a table is.

- state.py: `TableState` and what it shows (its document, its summary);
- reducer.py: `apply(table, entry)` and `replay(code, entries)`;
- lobby.py: one handler per lobby action (`LOBBY_ACTIONS`);
- settings.py: the host's settings, described once; seating.py: members and seats;
- series.py: tournaments; names.py: names and chat text; history.py: the public history;
- patch.py: JSON Patch between two documents; errors.py: `TableError` and every `ErrorCode`.
"""
