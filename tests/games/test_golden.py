"""Golden playthroughs (tests/golden.py): every recorded game replays to exactly what its file
holds, without asking a bot; a change to a view, an event, a legal set or the result fails it;
a file cut short is refused; views' deltas read back exactly; the commands record and
regenerate the files."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given

import golden
import golden_delta
import golden_text
from cardtable import games
from patch_cases import PAIRS

SMALL = "russian-bank-classic-random"


@pytest.mark.parametrize("name", golden.names())
def test_playthrough_replays_as_recorded_without_bots(name, monkeypatch):
    monkeypatch.setattr(golden.bots, "get", lambda *args: pytest.fail("a replay asked a bot"))
    golden.check(name)


def test_every_game_has_a_playthrough():
    recorded = {golden.load(name).game for name in golden.names()}
    assert recorded == set(games.ids())


def _changed(edit):
    playthrough = golden.load(SMALL)
    edit(playthrough)
    return playthrough


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda p: p.frames[3].seats[1].update(extra=1), "step 3 .* seat 1's part.*/extra removed"),
        (lambda p: p.frames[0].public.update(deal=2), "the start differs: the public view"),
        (lambda p: p.frames[7].events.pop(), "step 7 .* events"),
        (lambda p: p.frames[9].legal.update({0: (1, "00000000")}), "step 9 .* legal"),
        (lambda p: p.frames[2].to_act.append(1), "step 2 .* to_act"),
        (lambda p: setattr(p.frames[4], "deadline", None), "step 4 .* deadline"),
        (lambda p: setattr(p, "result", {"reason": "resigned"}), "the result was"),
        (lambda p: p.steps[5].action.update(type="nonsense"), "not legal any more: .*step 6"),
    ],
)
def test_any_difference_fails_the_replay(edit, message):
    golden.verify(_changed(lambda p: None), SMALL)
    with pytest.raises(AssertionError, match=message):
        golden.verify(_changed(edit), SMALL)


def test_a_line_added_to_a_file_fails_the_replay():
    text = golden.path_of(SMALL).read_text(encoding="utf-8")
    step = text.index("\nstep 3, ")
    edited = text[:step] + "\n  seat 0 /extra = 1" + text[step:]
    with pytest.raises(AssertionError, match=r"step 2 .* seat 0's part.*/extra removed"):
        golden.verify(golden_text.read(edited), SMALL)


SETTINGS = f"""{golden_text.HEADER}
game: cah
options: {{}}
seats: 2
seed: 1
bots: random random
max steps: 5

start
  to act: nobody
"""


@pytest.mark.parametrize(
    "text",
    [
        "",
        "# header\ngame: cah\n",
        SETTINGS,  # no result
        SETTINGS + "\nstep 2, t=1.0, table: {}\nresult: none\n",  # step 1 is missing
        SETTINGS + "  public /a = \nresult: none\n",
        SETTINGS + "result: none\n  to act: 0\n",
    ],
)
def test_a_file_cut_short_or_garbled_is_refused(text):
    with pytest.raises(ValueError, match="line "):
        golden_text.read(text)


@given(PAIRS)
def test_a_delta_read_back_from_its_lines_gives_the_new_value(pair):
    old, new = pair
    before = copy.deepcopy(old)
    changes = golden_delta.diff(old, new)
    assert old == before
    assert (changes == []) == golden_delta.same(old, new)
    value = copy.deepcopy(old)
    for change in changes:
        value = golden_delta.apply(value, golden_delta.parse(golden_delta.render(change)))
    assert golden_delta.same(value, new)


@pytest.mark.parametrize(
    ("old", "new", "lines"),
    [
        (
            {"hand": [1, 2, 3, 4, 5]},
            {"hand": [1, 3, 4, 5, 6]},
            ["/hand[1:2] = []", "/hand[4:4] = [6]"],
        ),
        (
            {"seats": [{"done": False}] * 2},
            {"seats": [{"done": False}, {"done": True}]},
            ["/seats/1/done = true"],
        ),
        ({"a": 1, "b": 2}, {"a": 1}, ["/b removed"]),
        ({"a/b": {"x y": 1}}, {"a/b": {"x y": 2}}, ['/"a/b"/"x y" = 2']),
        ([1], {"a": 1}, ['= {"a": 1}']),
        ({"l": [1, 2], "f": 1}, {"l": [True, 2], "f": 1.0}, ["/l/0 = true", "/f = 1.0"]),
    ],
)
def test_a_delta_writes_few_readable_lines(old, new, lines):
    assert [golden_delta.render(change) for change in golden_delta.diff(old, new)] == lines


@pytest.fixture
def golden_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    return tmp_path


def _record(*settings: str) -> golden_text.Playthrough:
    golden.main(["--record", "new", *settings])
    return golden.load("new")


def test_recording_plays_bots_once_and_the_replay_matches(golden_dir):
    recorded = _record(
        *("--game", "csh", "--options", '{"draft": "random"}', "--seats", "2", "--seed", "3"),
        *("--bots", "random", "--max-steps", "9"),
    )
    assert (recorded.bots, recorded.max_steps, len(recorded.steps)) == (["random"] * 2, 9, 9)
    golden.check("new")
    again = _record("--seed", "4")  # the other settings stay
    assert (again.game, again.options, again.seats) == ("csh", {"draft": "random"}, 2)
    assert (again.seed, again.bots, again.max_steps) == (4, ["random"] * 2, 9)
    assert again.steps != recorded.steps
    with pytest.raises(SystemExit, match="needs --game, --options"):
        golden.main(["--record", "other", "--seats", "2"])


def test_regenerating_keeps_the_actions_and_rewrites_the_views(golden_dir):
    _record(
        *("--game", "cunt-soul", "--options", "{}", "--seats", "3", "--seed", "2"),
        *("--bots", "random", "--max-steps", "6"),
    )
    path = golden.path_of("new")
    written = path.read_text(encoding="utf-8")
    stale = golden.load("new")
    stale.frames[2].public["stale"] = True
    stale.frames[2].legal = {}
    path.write_text(golden_text.write(stale), encoding="utf-8")
    with pytest.raises(AssertionError):
        golden.check("new")
    golden.main(["--regenerate", "new"])
    assert path.read_text(encoding="utf-8") == written
    broken = golden.load("new")
    broken.steps[1] = golden_text.Step(broken.steps[1].seat, {"type": "nonsense"}, 2.0)
    path.write_text(golden_text.write(broken), encoding="utf-8")
    with pytest.raises(SystemExit, match=r"new: .*step 2.*--record"):
        golden.main(["--regenerate"])
    assert golden.load("new").steps[1].action == {"type": "nonsense"}  # the file stays
