"""The position builder lays out exactly what it is told, each card once, and refuses what
cannot be; a clone shares nothing that can change with the state it was made from."""

from dataclasses import fields

import pytest

from cardtable.engine import Rng
from cardtable.games.cunt_soul import GAME, Laid, position
from cardtable.games.cunt_soul.ranks import rank_name
from cardtable.games.cunt_soul.state import Phase, Play, Run, State, Turn


def names(state: State, cards) -> list[str]:
    return [rank_name(state.ranks[card]) for card in cards if card is not None]


def every_card(state: State) -> list[int]:
    cards = [card for hand in state.hands for card in hand]
    for slots in (*state.face_up, *state.face_down, state.field):
        cards.extend(card for card in slots if card is not None)
    cards.extend(card for play in state.pile for card in play.cards)
    return sorted(cards + state.source + state.out)


def test_a_position_holds_what_it_names_and_every_other_card_is_out():
    state = position(
        4,
        hands={0: ["7", "4"], 2: ["Joker"]},
        face_up={1: ["K", "K"]},
        face_down={3: ["2"]},
        fields={2: "A"},
        pile=["9", ("5", "5")],
        source=["3", "8"],
        current=2,
        direction=-1,
    )
    assert state.phase is Phase.PLAY and state.current == state.turn.seat == 2
    assert names(state, state.hands[0]) == ["7", "4"] and names(state, state.hands[2]) == ["Joker"]
    assert names(state, state.face_up[1]) == ["K", "K"] and state.face_up[1][2] is None
    assert names(state, state.face_down[3]) == ["2"]
    assert names(state, state.field) == ["A"] and state.fields.hand_size == 6
    assert [names(state, play.cards) for play in state.pile] == [["9"], ["5", "5"]]
    assert names(state, state.source) == ["3", "8"] and state.direction == -1
    assert every_card(state) == list(range(len(state.ranks)))
    assert GAME.legal(state, 2)  # a position the game plays on


def test_laid_plays_carry_their_value_power_and_direction():
    state = position(
        pile=[Laid("6", value="8"), Laid("9", powerless=True), Laid("7", direction="lower")]
    )
    six, nine, seven = state.pile
    assert (six.rank, six.value, six.power) == (6, 8, 8)
    assert (nine.value, nine.power) == (9, None)
    assert seven.direction == "lower"


def test_shown_and_quiet_are_laid_out_too():
    state = position(hands={0: ["K", "K", "3"]}, shown={0: ["K"]}, quiet=7)
    kings = sorted(card for card in state.hands[0] if state.ranks[card] == 13)
    assert state.shown == {kings[0]: 0} and state.quiet == 7


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ({"hands": {0: ["Joker"] * 3}}, "no Joker left"),  # one deck holds two
        ({"hands": {0: ["K"] * 3}, "pile": ["K", "K"]}, "no K left"),
        ({"hands": {0: ["11"]}}, "no rank '11'"),
        ({"face_up": {0: ["2", "3", "4", "5"]}}, "4 cards named for 3 slots"),
        ({"hands": {3: ["2"]}}, "no seat 3"),
        ({"current": 5}, "no seat 5 to act"),
        ({"pile": [("4", "5")]}, "one rank"),
        ({"hands": {0: ["2"]}, "shown": {0: ["K"]}}, "holds no K"),
        ({"direction": 2}, "direction"),
    ],
)
def test_impossible_positions_are_refused(layout, message):
    with pytest.raises(ValueError, match=message):
        position(**layout)


#: Shared by a clone on purpose: the resolved options are never changed in place.
NEVER_CHANGED = {"options"}


def _mutable(value) -> bool:
    return isinstance(value, list | dict | set | Play | Turn | Run | Rng)


def test_a_clone_shares_no_mutable_part():
    """Every mutable field of the state, of its plays, turns and run, is a copy of its own, so a
    field added without a copy in `clone` fails here."""
    state, rng = GAME.new({}, seats=3, seed=5), Rng(5)
    for _ in range(60):
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, GAME.random_action(state, seat, rng))
    state.run = Run(5, False)
    state.last_turn = Turn(1, 0, False)
    state.stalemate = [[1]]
    twin = state.clone()
    records = [(state, twin), (state.turn, twin.turn), (state.run, twin.run)]
    records.extend(zip(state.pile, twin.pile, strict=True))
    assert state.pile, "the game should have a pile to check"
    for original, copy in records:
        for field in fields(original):
            if field.name in NEVER_CHANGED:
                continue
            mine, theirs = getattr(original, field.name), getattr(copy, field.name)
            if _mutable(mine):
                assert mine is not theirs, f"{type(original).__name__}.{field.name} is shared"
            if not isinstance(mine, list):
                continue
            for item_mine, item_theirs in zip(mine, theirs, strict=True):
                if _mutable(item_mine):
                    assert item_mine is not item_theirs, f"an item of {field.name} is shared"
