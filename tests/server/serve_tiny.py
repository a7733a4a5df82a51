"""`cardtable` with the tiny test game registered: what the crash test runs as its server."""

import sys

from tinygame import TINY

from cardtable import games
from cardtable.cli import main

with games.registered(TINY):
    sys.exit(main(sys.argv[1:]))
