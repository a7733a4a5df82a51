"""What the views show: private hands, secret face-down cards, the public pile constraint as data
and words; and the stalemate rule that ends a game going nowhere (our rule: the rulings are
silent)."""

from cs_table import Table

from cardtable.engine import OMNISCIENT
from cardtable.games.cunt_soul import GAME
from cardtable.games.cunt_soul.stalemate import STALEMATE_TURNS
from game_contract import card_ids, check_views


def constraint(table: Table) -> dict:
    return GAME.view(table.state, None)["public"]["constraint"]


def test_constraint_reads_any_card_on_an_empty_pile_and_after_a_9():
    table = Table(hands={0: ["9", "4"]})
    assert constraint(table) == {"kind": "any", "follow_up": False, "text": "any card"}
    table.play(0, "9")
    assert constraint(table)["kind"] == "any" and constraint(table)["text"] == "any card (on a 9)"


def test_constraint_names_the_3_the_7_and_the_order():
    table = Table(hands={0: ["3", "4"]})
    table.play(0, "3")
    assert constraint(table)["kind"] == "must-3"
    assert constraint(table)["text"] == "must play a 3"
    table = Table(hands={0: ["7", "4"]})
    table.play(0, "7")
    table.direction(0, "lower")
    assert constraint(table)["direction"] == "lower"
    assert constraint(table)["text"] == "7 or lower (printed rank)"
    table = Table(hands={0: ["K", "4", "K"]}, pile=["J"])
    table.state.pile[-1].power = None
    described = constraint(table)
    assert described["kind"] == "order" and described["direction"] == "at-least"
    assert described["value"] == "J" and described["overrulers"] == ["2", "6", "7", "10"]
    assert described["text"] == "J or higher"


def test_constraint_under_k_9_and_7_fields_and_a_follow_up():
    table = Table(hands={0: ["8", "4"]}, pile=["8"], fields={1: "K", 2: "9"})
    table.state.pile[-1].power = None
    assert constraint(table)["text"] == "8 or lower (2-9 count as equal)"
    table = Table(hands={0: ["Q", "K", "5"]}, fields={2: "7"})
    table.play(0, "Q")
    table.direction(0, "higher")
    described = constraint(table)
    assert described["follow_up"] is True and described["kind"] == "field-seven"
    assert described["text"] == "follow-up to the Q: equal to or higher than Q"


def test_constraint_shows_the_ace_penalty():
    table = Table(hands={0: ["A", "A", "4"]}, fields={1: "8"})
    table.play(0, "A", count=2)
    assert constraint(table)["ace_penalty"] == 4  # two aces, doubled by the 8-field


def test_hands_are_private_and_face_down_cards_secret_even_from_their_owner():
    table = Table(hands={0: ["5", "K", "3"], 1: ["4"]}, face_down={0: ["A", "2"]}, fields={1: "5"})
    table.play(0, "5")
    king = table.cards_of(0, "K")[0]
    table.act(0, {"type": "swap", "hand": king, "slot": 0})
    omni = check_views(GAME, table.state)
    assert king in card_ids(omni["secret"])
    assert king not in card_ids(GAME.view(table.state, 0))
    assert table.state.hands[1][0] not in card_ids(GAME.view(table.state, 0))


def test_source_count_is_public_and_its_top_only_under_a_6_field():
    table = Table(hands={0: ["9"]}, source=["3", "4"])
    public = GAME.view(table.state, 1)["public"]
    assert public["source"] == {"count": 2, "top": None}
    table = Table(hands={0: ["9"]}, source=["3", "4"], fields={2: "6"})
    omni = GAME.view(table.state, OMNISCIENT)
    top = omni["public"]["source"]["top"]
    assert top["id"] == table.state.source[-1]
    assert top["id"] not in card_ids(omni["secret"])


def test_stalemate_ends_a_game_without_progress_ranking_by_cards_held():
    table = Table(
        seats=4,
        hands={0: ["9", "4"], 1: ["2", "2", "3"], 2: ["5"], 3: ["K", "Q"]},
        face_up={2: ["J"]},
        quiet=STALEMATE_TURNS,  # this turn is the last one allowed without progress
    )
    table.play(0, "9")
    result = GAME.result(table.state)
    assert result.reason == "stalemate"
    assert result.places == (1, 4, 2, 2)  # 1, 3, 2 and 2 cards: seats 2 and 3 share second
    assert result.detail == {"sole_cunt": 1}
    assert GAME.legal(table.state, 1) == []


def test_progress_resets_the_stalemate_count():
    table = Table(hands={0: ["10", "4"]}, pile=["5"], quiet=STALEMATE_TURNS)
    table.play(0, "10")  # the burn takes cards out of the game
    assert GAME.result(table.state) is None and table.state.quiet == 1
