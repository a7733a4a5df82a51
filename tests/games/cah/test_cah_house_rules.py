"""One scripted test (or a few) per house rule: K14-K20 of rules/cah.md."""

from __future__ import annotations

import pytest
from cah_helpers import (
    GAME,
    SCHOOL,
    answer_by,
    assert_conserved,
    new,
    play_round,
    submit_all,
)

from cardtable.engine import IllegalAction
from cardtable.games.cah import position


def test_k14_never_have_i_ever_points_for_confessions():
    assert GAME.options("official")["neverHaveIEverPoints"] is False
    assert GAME.options("digipen")["neverHaveIEverPoints"] is False
    state = new({"decks": SCHOOL, "neverHaveIEverPoints": True})
    card = state.hands[1][0]
    events = GAME.apply(state, 1, {"type": "never-have-i-ever", "card": card})
    assert events[0].data["card"]["id"] == card and len(state.hands[1]) == 10
    GAME.apply(state, 2, {"type": "confess", "card": card})
    GAME.apply(state, 1, {"type": "confess", "card": card})  # "anyone who has done it"
    assert state.scores[1:3] == [1, 1]
    for seat in (1, 2):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, seat, {"type": "confess", "card": card})
        assert refused.value.code == "already-confessed"
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, {"type": "never-have-i-ever", "card": state.hands[1][0]})
    assert refused.value.code == "already-read"
    play_round(state)
    assert state.nhie_table == [] and card in state.white_discard
    assert_conserved(state)


def test_k15_official_packing_heat_draws_one_more_on_pick_2():
    state = position({"decks": SCHOOL, "packingHeat": "official"}, pick=2)
    for seat in state.waiting:
        assert len(state.hands[seat]) == 11
    assert len(state.hands[state.czar]) == 10


def test_k15_guide_packing_heat_allows_a_third_card_on_pick_2():
    state = position({"decks": SCHOOL, "packingHeat": "guide"}, pick=2)
    low, high = sorted(state.waiting)[:2]
    GAME.apply(state, low, {"type": "submit", "cards": state.hands[low][:3]})
    GAME.apply(state, high, {"type": "submit", "cards": state.hands[high][:2]})
    with pytest.raises(IllegalAction) as refused:
        seat = max(state.waiting)
        GAME.apply(state, seat, {"type": "submit", "cards": state.hands[seat][:4]})
    assert refused.value.code == "wrong-count"
    plain = position({"decks": SCHOOL}, pick=2)
    seat = min(plain.waiting)
    with pytest.raises(IllegalAction):
        GAME.apply(plain, seat, {"type": "submit", "cards": plain.hands[seat][:3]})


def test_k16_official_reboot_trades_a_point_for_fresh_cards():
    options = {"decks": SCHOOL, "reboot": "official"}
    broke = position(options)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(broke, 1, {"type": "reboot", "cards": broke.hands[1][:3]})
    assert refused.value.code == "no-points"
    state = position(options, scores=[0, 2, 0, 0])
    returned = state.hands[1][:3]
    GAME.apply(state, 1, {"type": "reboot", "cards": returned})
    assert state.scores[1] == 1 and len(state.hands[1]) == 10
    assert set(returned) <= set(state.white_discard)


def test_k16_guide_full_hand_reboot():
    state = position({"decks": SCHOOL, "reboot": "guideFullHand"}, scores=[0, 0, 1, 0])
    old = state.hands[2][:]
    GAME.apply(state, 2, {"type": "reboot"})
    assert state.scores[2] == 0 and len(state.hands[2]) == 10
    assert set(old) <= set(state.white_discard)
    assert {"type": "reboot"} not in GAME.legal(state, 2)  # no point left


@pytest.mark.parametrize(("pick", "draw"), [(2, 0), (3, 0), (3, 2)])
def test_k16_reboot_the_universe_draws_pick_minus_one_extra_cards(pick, draw):
    """K16 (a), as changed: on a Pick N card every player first draws N-1 extra cards (a
    DRAW 2, PICK 3 has dealt them already, K8). It is its own option, so the official reboot
    can be on with it."""
    options = {"decks": SCHOOL, "rebootTheUniverse": True, "reboot": "official"}
    scores = [0, 1, 0, 0]  # seat 0 judges
    state = position({**options, "honorDrawN": True}, pick=pick, draw=draw, scores=scores)
    for seat in state.waiting:
        assert len(state.hands[seat]) == 10 + pick - 1
    assert len(state.hands[state.czar]) == 10
    assert {"reboot"} <= {action["type"] for action in GAME.legal(state, 1)}
    plain = position({"decks": SCHOOL, "rebootTheUniverse": True}, pick=1)
    assert all(len(plain.hands[seat]) == 10 for seat in plain.waiting)


def test_k16_stored_tables_with_the_old_shared_reboot_option_still_resolve():
    options = GAME.options({"decks": SCHOOL, "reboot": "guideRefillBeforePickN"})
    assert options["rebootTheUniverse"] is True and options["reboot"] == "off"
    assert GAME.options(options) == options
    with pytest.raises(ValueError, match="reboot"):
        GAME.options({"reboot": "sometimes"})


def test_k17_official_haiku_finale_when_the_host_ends():
    state = new({"preset": "official", "happyEnding": "officialHaikuFinale"})
    GAME.apply(state, None, {"type": "end-game"})
    assert GAME.result(state) is None
    assert state.finale and state.black == state.pool.haiku and state.pick == 3
    black = GAME.view(state, None)["public"]["black"]
    assert black["text"] == "Make a haiku." and black["draw"] == 2
    play_round(state)
    assert GAME.result(state).reason == "happy-ending"
    assert_conserved(state)


def test_k17_guide_runner_up_vote():
    state = new({"decks": SCHOOL, "happyEnding": "guideRunnerUpVote"}, seats=5)
    submit_all(state)
    winner = state.authors[0]
    GAME.apply(state, state.czar, {"type": "pick", "answer": 0})
    assert GAME.view(state, None)["public"]["phase"] == "runner-up-vote"
    assert GAME.view(state, None)["public"]["winner"]["seat"] == winner
    runner = state.authors[1]
    for seat in sorted(state.voters):
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, {"type": "vote", "answer": 0})  # the winner's answer
        target = 1 if seat != runner else 2
        GAME.apply(state, seat, {"type": "vote", "answer": target})
    assert state.scores[winner] == 1 + (winner == runner)
    assert state.scores[runner] >= 1


def test_k18_god_is_dead_everyone_votes_and_a_tie_gives_no_point():
    state = position({"decks": SCHOOL, "judging": "godIsDead"}, seats=4, pick=1)
    assert state.czar == -1 and state.waiting == {0, 1, 2, 3}
    submit_all(state)
    black = state.black
    # 0 and 1 vote for 2's answer, 2 and 3 vote for 0's answer: a tie.
    for seat, author in ((0, 2), (1, 2), (2, 0), (3, 0)):
        GAME.apply(state, seat, {"type": "vote", "answer": answer_by(state, author)})
    assert state.scores == [0, 0, 0, 0] and black in state.black_used
    submit_all(state)
    for seat, author in ((0, 1), (1, 0), (2, 1), (3, 1)):
        GAME.apply(state, seat, {"type": "vote", "answer": answer_by(state, author)})
    assert state.scores == [0, 1, 0, 0]


def test_k18_god_is_dead_forbids_voting_for_yourself():
    state = new({"decks": SCHOOL, "judging": "godIsDead"})
    submit_all(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, {"type": "vote", "answer": answer_by(state, 0)})
    assert refused.value.code == "own-answer"


def test_k19_gambling_bet_kept_by_a_winner_and_lost_to_the_winner_otherwise():
    options = {"decks": SCHOOL, "gambling": True, "refillTiming": "afterRound"}
    bettor, other = 1, 2  # seat 0 judges
    state = position(options, pick=1, scores=[0, 1, 0, 0])
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, other, {"type": "bet", "cards": state.hands[other][:1]})
    assert refused.value.code == "no-points"
    GAME.apply(state, bettor, {"type": "bet", "cards": state.hands[bettor][:1]})
    assert state.scores[bettor] == 0
    submit_all(state)
    assert state.authors.count(bettor) == 2
    GAME.apply(state, state.czar, {"type": "pick", "answer": answer_by(state, other)})
    assert state.scores[other] == 2 and state.scores[bettor] == 0
    assert_conserved(state)


def test_k19_gambling_winner_keeps_the_stake():
    bettor = 1  # seat 0 judges
    state = position({"decks": SCHOOL, "gambling": True}, pick=1, scores=[0, 1, 0, 0])
    GAME.apply(state, bettor, {"type": "bet", "cards": state.hands[bettor][:1]})
    submit_all(state)
    GAME.apply(state, state.czar, {"type": "pick", "answer": answer_by(state, bettor)})
    assert state.scores[bettor] == 2


def test_k20_survival_of_the_fittest():
    state = position({"decks": SCHOOL, "judging": "survival"}, seats=4, pick=1)
    submit_all(state)
    turns = []
    while GAME.view(state, None)["public"]["phase"] == "eliminate":
        (seat,) = state.acting
        turns.append(seat)
        last = [a for a in range(3) if a not in state.eliminated]
        GAME.apply(state, seat, {"type": "eliminate", "answer": last[0]})
    czar = turns[0] - 1 if turns[0] else 3
    assert turns == [(czar + 1) % 4, (czar + 2) % 4]
    assert sum(state.scores) == 1


def test_k20_serious_business_ranks_three_for_3_2_1():
    state = position({"decks": SCHOOL, "judging": "seriousBusiness"}, seats=5, pick=1)
    submit_all(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, state.czar, {"type": "pick", "answer": 0})
    assert refused.value.code == "rank-instead"
    with pytest.raises(IllegalAction):
        GAME.apply(state, state.czar, {"type": "rank", "answers": [0, 0, 1]})
    authors = state.authors[:]
    GAME.apply(state, state.czar, {"type": "rank", "answers": [2, 0, 3]})
    assert state.scores[authors[2]] == 3
    assert state.scores[authors[0]] == 2
    assert state.scores[authors[3]] == 1
    assert state.scores[authors[1]] == 0


@pytest.mark.parametrize("ending", ["void-round", "end-game"])
def test_k19_a_void_round_or_an_early_end_returns_the_stakes(ending):
    options = {"decks": SCHOOL, "gambling": True, "manualEnd": True}
    bettor = 1  # seat 0 judges
    state = position(options, seats=5, scores=[0, 1, 0, 0, 0])
    stake = state.hands[bettor][:1]
    GAME.apply(state, bettor, {"type": "bet", "cards": stake})
    if ending == "void-round":
        GAME.apply(state, None, {"type": "leave-seat", "seat": state.czar})  # K25: void
        assert state.scores[bettor] == 1 and set(stake) <= set(state.white_discard)
    else:
        GAME.apply(state, None, {"type": "end-game"})
        assert GAME.result(state).scores[bettor] == 1
    assert_conserved(state)
