"""`cardtable simulate` and `cardtable bench engine` through the command line."""

import json

import pytest

from cardtable.cli import main


def run_json(capsys, *argv) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_json_summary_has_the_documented_keys(capsys):
    summary = run_json(
        capsys,
        "simulate",
        "cah",
        "--players",
        "4",
        "--games",
        "6",
        "--preset",
        "digipen",
        "--seed",
        "3",
        "--json",
    )
    assert {"games", "wins", "mean_steps", "end_reasons", "decisions_per_s"} <= set(summary)
    assert summary["games"] == 6 and len(summary["wins"]) == 4
    assert sum(summary["end_reasons"].values()) == 6
    assert sum(summary["wins"]) > 0 and summary["mean_steps"] > 0


def test_simulate_counts_draws_apart_from_wins(capsys):
    """One God Is Dead round between three: a tied vote leaves everyone at 0, a draw. Shares
    of wins and draws add up to 1."""
    options = json.dumps({"rounds": 1, "judging": "godIsDead"})
    argv = ("simulate", "cah", "--players", "3", "--games", "20", "--options", options)
    summary = run_json(capsys, *argv, "--json")
    assert summary["draws"] > 0 and summary["unfinished"] == 0
    assert sum(summary["wins"]) + summary["draws"] == pytest.approx(1)


def test_simulate_reports_games_the_bots_cannot_finish(capsys):
    """Official CAH without a points target ends only when the host ends it: bots never do."""
    options = json.dumps({"pointsTarget": None})
    argv = ("simulate", "cah", "--preset", "official", "--games", "2", "--options", options)
    summary = run_json(capsys, *argv, "--max-steps", "200", "--json")
    assert summary["unfinished"] == 1.0 and summary["wins"] == [0, 0, 0]
    assert summary["end_reasons"] == {"unfinished": 2}
    assert main([*argv, "--max-steps", "200", "--workers", "1"]) == 0
    assert "unfinished: 2" in capsys.readouterr().out


def test_random_bots_finish_official_cah_with_rebooting(capsys):
    """Random bots spend a point on a reboot now and then, not every point they win."""
    options = json.dumps({"reboot": "official", "gambling": True})
    argv = ("simulate", "cah", "--preset", "official", "--games", "3", "--options", options)
    summary = run_json(capsys, *argv, "--max-steps", "20000", "--json")
    assert summary["unfinished"] == 0 and summary["end_reasons"] == {"points-target": 3}


def test_simulate_is_reproducible_from_its_seed(capsys):
    argv = ("simulate", "russian-bank", "--games", "2", "--seed", "5", "--json")
    first, second = run_json(capsys, *argv), run_json(capsys, *argv)
    assert first["wins"] == second["wins"] and first["mean_steps"] == second["mean_steps"]


def test_simulate_in_worker_processes_plays_the_same_games(capsys):
    """Game i is seeded `seed + i` whichever process plays it: the summary is the same with
    one process or several, but for the speed."""
    argv = ("simulate", "cah", "--players", "4", "--games", "9", "--seed", "11", "--json")
    alone = run_json(capsys, *argv, "--workers", "1")
    shared = run_json(capsys, *argv, "--workers", "3")
    del alone["decisions_per_s"], shared["decisions_per_s"]
    assert alone == shared
    assert sum(alone["end_reasons"].values()) == 9


def test_simulate_fixes_csh_directorships(capsys):
    from cardtable import games

    names = next(o for o in games.get("csh").option_set.options if o.name == "directorships")
    fixed = ",".join(names.choices[:3])
    summary = run_json(
        capsys,
        "simulate",
        "csh",
        "--players",
        "3",
        "--games",
        "2",
        "--directorships",
        fixed,
        "--json",
    )
    assert summary["games"] == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "no-such-game", "--json"],
        ["simulate", "cah", "--preset", "nope", "--json"],
        ["simulate", "cah", "--players", "4", "--bots", "random,random", "--json"],
        ["simulate", "cah", "--options", "[1]", "--json"],
        ["simulate", "cah", "--games", "0"],
        ["simulate", "cah", "--workers", "0"],
        ["simulate", "cah", "--bots", "nobody", "--json"],
    ],
)
def test_simulate_refuses_bad_arguments_with_exit_2(argv, capsys):
    assert main(argv) == 2
    assert "cardtable simulate:" in capsys.readouterr().err


def test_bench_engine_prints_one_line_per_preset(capsys):
    assert main(["bench", "engine", "--game", "cah", "--seconds", "0.05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    from cardtable import games

    assert len(lines) == len(games.get("cah").presets)
    for line in lines:
        assert line.startswith("engine: game=cah preset=")
        fields = dict(part.split("=") for part in line.split()[1:])
        # wall-clock rates may round to 0 on a machine busy with other work: their shape only
        assert fields["decisions_per_s"].isdigit() and fields["clones_per_s"].isdigit()
        assert int(fields["decisions_per_cpu_s"]) > 0
