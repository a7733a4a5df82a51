"""`cardtable` with the tiny test game registered: what the crash test runs as its server."""

import sys

from tinygame import TINY

from cardtable import games
from cardtable.cli import main

games._registry()[TINY.id] = TINY
sys.exit(main(sys.argv[1:]))
