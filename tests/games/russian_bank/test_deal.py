"""RB-1 (equipment), RB-2 (first player), RB-3 (the deal), F13 (two packs, two backs)."""

from __future__ import annotations

from cardtable.engine import OMNISCIENT, Rng
from cardtable.games.russian_bank.cards import RANK
from cardtable.games.russian_bank.deals import cut_for_first
from cardtable.games.russian_bank.position import position

from .helpers import GAME, all_cards, move

SEEDS = range(30)


def test_rb1_f13_two_full_packs_with_two_backs_and_no_jokers():
    cards = all_cards(GAME.view(GAME.new(None, 2, seed=1), OMNISCIENT))
    assert sorted(c["id"] for c in cards) == list(range(104))
    for pack in (0, 1):
        faces = sorted((c["suit"], c["rank"]) for c in cards if c["pack"] == pack)
        assert faces == sorted(
            (s, r) for s in ("clubs", "diamonds", "hearts", "spades") for r in range(1, 14)
        )


def test_rb1_each_player_deals_from_his_own_pack():
    state = GAME.new(None, 2, seed=4)
    omni = GAME.view(state, OMNISCIENT)
    for seat in (0, 1):
        own = omni["secret"]["stock"][seat] + omni["secret"]["hand"][seat]
        own += [c for pile in omni["public"]["layout"][4 * seat : 4 * seat + 4] for c in pile]
        assert len(own) == 52 and {c["pack"] for c in own} == {seat}


def test_rb3_d1_stock_of_twelve_face_down_four_layout_cards_hand_of_36():
    for seed in SEEDS:
        view = GAME.view(GAME.new(None, 2, seed=seed), 0)["public"]
        assert [len(pile) for pile in view["layout"]] == [1] * 8
        assert view["centre"] == [[]] * 8
        for player in view["players"]:
            assert player["stock"] == {"count": 12, "top": None}  # D1: all face down
            assert player["hand"] == {"count": 36}
            assert player["discard"]["count"] == 0 and player["turned"] is None
            assert player["passes"] == 0


def test_rb2_d3_lower_cut_plays_first():
    firsts = set()
    for seed in SEEDS:
        state = GAME.new(None, 2, seed=seed)
        cut = GAME.view(state, None)["public"]["cut"]
        assert [c["pack"] for c in cut] == [0, 1]  # each cuts his own pack
        assert cut[0]["rank"] != cut[1]["rank"]
        lower = 0 if cut[0]["rank"] < cut[1]["rank"] else 1
        assert state.turn == state.first == lower
        firsts.add(lower)
    assert firsts == {0, 1}


def first_cut_ties(seed: int) -> bool:
    rng = Rng(seed)
    return RANK[rng.randrange(52)] == RANK[rng.randrange(52)]


def test_rb2_tied_cuts_are_cut_again():
    tied = next(seed for seed in range(1000) if first_cut_ties(seed))
    first, cut = cut_for_first(Rng(tied))
    replay = Rng(tied)
    assert cut != [replay.randrange(52), 52 + replay.randrange(52)]
    assert RANK[cut[0]] != RANK[cut[1]] and first == (0 if RANK[cut[0]] < RANK[cut[1]] else 1)


def test_rb2_first_turn_alternates_in_later_deals_of_a_match():
    state = GAME.new("match", 2, seed=2)
    firsts = [state.first]
    for _ in range(3):
        GAME.apply(state, state.turn, {"type": "resign"})
        firsts.append(state.first)
    assert firsts[1:] == [1 - firsts[0], firsts[0], 1 - firsts[0]]


def test_rb2_a_deal_is_dealt_from_the_seed_alone():
    one, two = GAME.new(None, 2, seed=9), GAME.new(None, 2, seed=9)
    assert GAME.view(one, OMNISCIENT) == GAME.view(two, OMNISCIENT)
    other = GAME.new(None, 2, seed=10)
    assert GAME.view(one, OMNISCIENT) != GAME.view(other, OMNISCIENT)


def test_rb1_rank_order_is_ace_low_to_king():
    hearts = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"]
    state = position(layout=[["AS"], ["2S"], ["KH"]], centre=[hearts], stock=[["5C"], ["5D"]])
    move(state, 0, "layout:0", "centre:1")
    move(state, 0, "layout:1", "centre:1")
    move(state, 0, "layout:2", "centre:0")  # the king closes the heart foundation
    assert [len(p) for p in state.piles[:2]] == [13, 2]
