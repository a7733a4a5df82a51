"""The balance report engine and `cardtable balance`: figures, markdown and charts."""

from __future__ import annotations

import json

from cardtable.bots.search import SearchBot
from cardtable.cli import main
from cardtable.sim import balance
from cardtable.sim.bench import bench_engine


def test_balance_figures_add_up():
    tally = balance.run(4, 12, {"draft": "random"}, ["heuristic"] * 4, workers=1)
    result = balance.figures(tally)
    assert result["games"] == 12 and result["fair"] == 25.0 and result["band"] == 3.0
    assert abs(sum(r["value"] for r in result["win_by_seat"]) - 100) < 1e-9
    assert abs(sum(r["value"] for r in result["win_by_position"]) - 100) < 1e-9
    for rate in result["win_by_position"]:
        assert rate["low"] <= rate["value"] <= rate["high"]
        assert rate["verdict"] != "within the band"  # 12 games cannot show a seat fair
    taken = sum(tally.taken.values())
    assert taken == 48 and set(result["win_by_directorship"]) <= set(tally.taken)
    freshman = result["cards"]["B1"]
    assert freshman["plays_per_copy"] > 0 and 0 <= freshman["canceled"]["value"] <= 100
    assert sum(tally.turns.values()) == 12 and tally.seats_by_bot == {"heuristic": 48}
    assert sum(tally.drawn_by.values()) == 12  # every game ends with the Election drawn
    drawn = [part["share"]["value"] for part in result["election"]]
    assert abs(sum(drawn) - 100) < 1e-9


def test_a_balance_run_gives_its_search_bots_their_whole_budget_however_busy_the_machine(
    monkeypatch,
):
    """The `hard` bot plays a balance run untimed (`bots.get(..., timed=False)`): it never
    asks the clock whether its second is up, so a run replays by seed and a busy machine
    (other work beside a long run) cannot cut its searches short."""
    capped = []

    def out_of_time(bot, started):
        capped.append(bot.seconds is not None)
        return False

    monkeypatch.setattr(SearchBot, "out_of_time", out_of_time)
    balance.play_chunk(({}, 2, ["hard", "random"], range(1, 2)))
    assert capped and not any(capped)


def test_tallies_of_parts_merge_into_the_tally_of_the_whole():
    task = ({"draft": "random"}, 3, ["heuristic"] * 3)
    first, second = (
        balance.play_chunk((*task, range(1, 4))),
        balance.play_chunk((*task, range(4, 7))),
    )
    first.merge(second)
    whole = balance.play_chunk((*task, range(1, 7)))
    assert _rounded(balance.figures(first)) == _rounded(balance.figures(whole))


def _rounded(value):
    """Figures with floats rounded, since shares of shared wins add up in another order."""
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, dict):
        return {key: _rounded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_rounded(item) for item in value]
    return value


def test_cardtable_balance_writes_a_report_with_charts_and_the_bot_axis(tmp_path):
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
            "--versus",
            "heuristic,random,random",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "# CSH balance report: 3 players, 6 games" in report and "![cards.png]" in report
    assert "--versus heuristic,random,random --seed 1" in report
    assert "±4.0: 29.3% to 37.3%" in report and "## Bot strength" in report
    assert "| drew the Election | games | position 1 |" in report
    main_lineup, versus = json.loads((out / "figures.json").read_text(encoding="utf-8"))
    assert set(main_lineup["win_by_directorship"]) == {"evals", "pr", "imps"}
    assert set(versus["win_by_bot"]) == {"heuristic", "random"}
    for name in ("win_rates.png", "length_and_sets.png", "cards.png"):
        assert (out / name).read_bytes()[:4] == b"\x89PNG"


def test_the_engine_benchmark_prints_a_line_for_csh():
    line = next(bench_engine(0.05, only="csh"))
    assert line.startswith("engine: game=csh preset=default decisions_per_s=")


def _balance(out, *words: str) -> dict:
    """`cardtable balance csh` for three heuristic bots, its figures read back."""
    arguments = ["balance", "csh", "--players", "3", "--workers", "1", *words, "--out", str(out)]
    assert main(arguments) == 0
    return json.loads((out / "figures.json").read_text(encoding="utf-8"))


def test_reports_of_disjoint_seeds_merge_into_the_report_of_all_their_games(tmp_path):
    """A long run played in pieces (pieces.py) is judged as one: the merged figures are the
    figures of one run over the same seeds, and a merged report merges again."""
    _balance(tmp_path / "a", "--games", "3", "--seed", "1", "--versus", "random")
    _balance(tmp_path / "b", "--games", "2", "--seed", "4", "--versus", "random")
    _balance(tmp_path / "c", "--games", "2", "--seed", "6", "--versus", "random")
    whole = _balance(tmp_path / "whole", "--games", "7", "--seed", "1", "--versus", "random")
    ab = _balance(tmp_path / "ab", "--merge", str(tmp_path / "a"), "--merge", str(tmp_path / "b"))
    assert ab[0]["games"] == 5 and ab[1]["lineup"] == ["random"] * 3
    merged = _balance(
        tmp_path / "abc", "--merge", str(tmp_path / "ab"), "--merge", str(tmp_path / "c")
    )
    assert _rounded(merged) == _rounded(whole)
    report = (tmp_path / "abc" / "report.md").read_text(encoding="utf-8")
    assert "# CSH balance report: 3 players, 7 games" in report
    assert (
        "* `cardtable balance csh --players 3 --games 2 --bots heuristic --versus random --seed 6"
        in report
    )
    assert json.loads((tmp_path / "abc" / "tallies.json").read_text())["seeds"] == [[1, 7]]


def test_reports_that_do_not_belong_together_are_refused_with_the_reason(tmp_path, capsys):
    _balance(tmp_path / "a", "--games", "2", "--seed", "1")
    _balance(tmp_path / "b", "--games", "2", "--seed", "2")
    _balance(tmp_path / "random", "--games", "1", "--seed", "9", "--bots", "random")
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "tallies.json").write_text('{"version": 1, "commands": []}')
    counted = json.loads((tmp_path / "a" / "tallies.json").read_text(encoding="utf-8"))
    counted["seeds"] = [[20, 21]]
    counted["tallies"][0]["turns"][0][1] = "many"
    (tmp_path / "miscounted").mkdir()
    (tmp_path / "miscounted" / "tallies.json").write_text(json.dumps(counted))
    for pair, reason in [
        (("a", "b"), "both played seed 2"),
        (("a", "random"), "has other players or bots than"),
        (("a", "broken"), "is not a tallies file this version wrote"),
        (("a", "nothing"), "does not exist: is"),
        (("a", "miscounted"), "'many' is not a count"),
    ]:
        merge = [word for name in pair for word in ("--merge", str(tmp_path / name))]
        code = main(["balance", "csh", *merge, "--out", str(tmp_path / "out")])
        assert code != 0 and reason in capsys.readouterr().err
        assert not (tmp_path / "out").exists()
