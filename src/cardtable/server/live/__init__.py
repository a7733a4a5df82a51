"""Tables in memory: the registry that loads and holds them, the bus relay between processes,
and each live table (the write pipeline, fan-out to connections, presence, autoplay), reached
through a narrow `TableContext`."""
