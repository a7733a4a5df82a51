"""The balance report engine and `cardtable balance`: figures, markdown and charts."""

from __future__ import annotations

import json

from cardtable.cli import main
from cardtable.sim import balance
from cardtable.sim.bench import bench_engine


def test_balance_figures_add_up():
    tally = balance.run(4, 12, {"draft": "random"}, ["heuristic"] * 4, workers=1)
    result = balance.figures(tally)
    assert result["games"] == 12 and result["fair"] == 25.0
    assert abs(sum(result["win_by_seat"]) - 100) < 1e-9
    assert abs(sum(result["win_by_position"]) - 100) < 1e-9
    taken = sum(tally.taken.values())
    assert taken == 48 and set(result["win_by_directorship"]) <= set(tally.taken)
    assert result["cards"]["B1"]["plays_per_game"] > 0
    assert sum(tally.turns.values()) == 12


def test_tallies_of_parts_merge_into_the_tally_of_the_whole():
    task = ({"draft": "random"}, 3, ["heuristic"] * 3)
    first, second = (
        balance.play_chunk((*task, range(1, 4))),
        balance.play_chunk((*task, range(4, 7))),
    )
    first.merge(second)
    assert balance.figures(first) == balance.figures(balance.play_chunk((*task, range(1, 7))))


def test_cardtable_balance_writes_a_report_with_charts(tmp_path):
    out = tmp_path / "report"
    code = main(
        [
            "balance",
            "csh",
            "--players",
            "3",
            "--games",
            "6",
            "--workers",
            "1",
            "--directorships",
            "evals,pr,imps",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "# CSH balance report: 3 players, 6 games" in report and "![cards.png]" in report
    assert "`cardtable balance csh --players 3 --games 6 --bots heuristic --seed 1" in report
    figures = json.loads((out / "figures.json").read_text(encoding="utf-8"))
    assert set(figures["win_by_directorship"]) == {"evals", "pr", "imps"}
    for name in ("win_rates.png", "totals_and_length.png", "cards.png"):
        assert (out / name).read_bytes()[:4] == b"\x89PNG"


def test_the_engine_benchmark_prints_a_line_for_csh():
    line = next(bench_engine(0.05, only="csh"))
    assert line.startswith("engine: game=csh preset=default decisions_per_s=")
