"""The CSH balance report for a designer: many bot games, judged with 95% intervals.

`tally` plays and sums games, `stats` computes intervals, `verdicts` judges them against the
fairness band (12/players points around 100/players %), `figures` and `report` write them up,
and `pieces` keeps each report's tallies so reports over other seeds merge into one.
"""

from .figures import figures
from .report import write_report
from .tally import GAME_ID, Tally, play_chunk, run
from .verdicts import Verdict, band, fair

__all__ = [
    "GAME_ID",
    "Tally",
    "Verdict",
    "band",
    "fair",
    "figures",
    "play_chunk",
    "run",
    "write_report",
]
