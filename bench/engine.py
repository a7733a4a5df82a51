"""Engine benchmark: random self-play per game and preset on one core; prints one line each.

Same as `cardtable bench engine`. Usage: `uv run python bench/engine.py [--game ID] [--seconds S]`.
"""

import sys

from cardtable.cli import main

if __name__ == "__main__":
    sys.exit(main(["bench", "engine", *sys.argv[1:]]))
