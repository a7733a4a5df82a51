"""The replay's text of views (`sim/render.py`): cards written short, nested fields indented,
affordances left out."""

from __future__ import annotations

from cardtable.sim.render import card_label, lines


def test_each_kind_of_card_is_written_short_with_its_id():
    assert card_label({"id": 12, "rank": 1, "suit": "spades", "pack": 0}) == "A♠#12"
    assert card_label({"id": 52, "rank": 0, "suit": None, "pack": 0}) == "Joker#52"
    assert card_label({"rank": 10, "suit": "diamonds", "pack": 1}) == "10♦"
    white = {"id": 7, "text": "A horse.", "rating": "family"}
    assert card_label(white) == '"A horse."#7'
    assert card_label({"id": 3, "card": "I2", "vp": 2}) == "I2#3 vp=2"
    assert card_label({"id": 9, "down": True}) == "▮#9"
    assert card_label({"id": 1, "seat": 0}) is None
    assert card_label({"seat": 0, "score": 2}) is None


def test_a_view_is_indented_lines_without_affordances():
    view = {
        "public": {
            "phase": "play",
            "pile": [{"seat": 0, "cards": [{"id": 4, "rank": 5, "suit": "clubs"}]}],
        },
        "you": {"hand": [{"id": 1, "rank": 13, "suit": "hearts"}], "can": {"play": [1]}},
    }
    assert lines(view) == [
        "public:",
        '  phase: "play"',
        "  pile:",
        "    -",
        "      seat: 0",
        "      cards: [5♣#4]",
        "you:",
        "  hand: [K♥#1]",
    ]
