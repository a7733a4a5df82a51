"""The round's own actions of a seat: submit, bet, reveal-next, pick, rank, vote, eliminate,
each a check and a step (see actions.py).

Submissions are ordered (K9: the order of `cards` is the reading order) and hold exactly `pick`
cards, or 2 or 3 on a Pick 2 with the guide's Packing Heat (K15, note 3). A blank card carries
the text written on it in `write` (`{"<card id>": "text"}`): it cannot be played unwritten.
`legal` lists each submission of a blank card with a stand-in text (legal.py).
"""

from __future__ import annotations

from ...engine import Event, IllegalAction, everyone
from .dealing import draw_into
from .judging import current_eliminator, ranking_size
from .options import WRITE_IN_MAX_CHARS
from .rounds import close_submissions, eliminate, finish_vote, judged, submit_sizes
from .state import Phase, State
from .views import answer_cards


def can_bet(state: State, seat: int) -> bool:
    """K19: a player in the round with a point to stake and cards to spare may bet once."""
    if not state.rules.gambling or state.phase is not Phase.SUBMIT or state.bets[seat] is not None:
        return False
    if state.scores[seat] < 1 or seat == state.czar:
        return False
    size = len(state.hands[seat])
    if seat in state.waiting:
        return size >= 2 * state.pick
    return state.submissions[seat] is not None and size >= state.pick


def _cards_from_hand(state: State, seat: int, action: dict, sizes: tuple[int, ...]) -> list[int]:
    cards = action.get("cards")
    if type(cards) is not list:
        raise IllegalAction("bad-cards", "'cards' must be a list of card ids")
    hand = state.hands[seat]
    for card in cards:
        if type(card) is not int:
            raise IllegalAction("bad-cards", "'cards' must be a list of card ids")
        if card not in hand:
            raise IllegalAction("not-in-hand", f"card {card} is not in your hand")
    count = len(cards)
    if count not in sizes:
        wanted = " or ".join(str(size) for size in sizes)
        raise IllegalAction("wrong-count", f"play {wanted} cards, not {count}")
    if count > 1 and len(set(cards)) != count:
        raise IllegalAction("duplicate-card", "a card is listed twice")
    return cards[:]


def _writes(state: State, action: dict, cards: list[int]) -> dict[int, str]:
    """Texts written on blank cards of this submission, validated: every blank card played
    carries its text (a blank cannot be played unwritten)."""
    written = action.get("write", {})
    if not isinstance(written, dict):
        raise IllegalAction("bad-write", "'write' maps blank card ids to their text")
    out: dict[int, str] = {}
    for key, text in written.items():
        card = int(key) if isinstance(key, str) and key.isdigit() else None
        if card is None or card not in cards or not state.pool.is_blank(card):
            raise IllegalAction("bad-write", f"{key!r} is not a blank card of this answer")
        if not isinstance(text, str) or not text.strip() or len(text) > WRITE_IN_MAX_CHARS:
            raise IllegalAction("bad-write", f"write 1 to {WRITE_IN_MAX_CHARS} characters")
        out[card] = text.strip()
    if any(state.pool.is_blank(card) and card not in out for card in cards):
        raise IllegalAction("unwritten-blank", "write the text of each blank card you play")
    return out


def _play_cards(state: State, seat: int, cards: list[int]) -> None:
    """Take played cards out of the hand and draw: back up to the hand size (K2 afterSubmit),
    or else a replacement for a Packing Heat third card (K15 guide), so that hand counts never
    tell who played one."""
    hand = state.hands[seat]
    for card in cards:
        hand.remove(card)
    rules = state.rules
    if rules.refill_after_submit:
        if len(hand) < rules.hand_size:
            draw_into(state, hand, rules.hand_size - len(hand))
    elif len(cards) > state.pick:
        draw_into(state, hand, len(cards) - state.pick)


Answer = tuple[list[int], dict[int, str]]  # the cards of a submission or bet, and their texts


def check_submit(state: State, seat: int, action: dict, now: float) -> Answer:
    if state.phase is not Phase.SUBMIT:
        raise IllegalAction("not-submitting", "submissions are closed")
    if seat not in state.waiting:
        if seat == state.czar:
            raise IllegalAction("czar-cannot-submit", "the Card Czar does not submit")
        if state.submissions[seat] is not None:
            raise IllegalAction("already-submitted", "you have already submitted")
        raise IllegalAction("not-in-round", "you sit this round out")
    cards = _cards_from_hand(state, seat, action, submit_sizes(state))
    return cards, _writes(state, action, cards)


def submit(state: State, seat: int, answer: Answer, events: list[Event], now: float) -> None:
    cards, writes = answer
    if writes:
        state.writes.update(writes)
    _play_cards(state, seat, cards)
    state.submissions[seat] = cards
    waiting = state.waiting
    waiting.discard(seat)
    state.acting = frozenset(waiting)
    events.append(Event("card-submitted", {"seat": seat}))
    if not waiting:
        close_submissions(state, events)


def check_bet(state: State, seat: int, action: dict, now: float) -> Answer:
    if not state.rules.gambling:
        raise IllegalAction("house-rule-off", "gambling is not played")
    if state.phase is not Phase.SUBMIT:
        raise IllegalAction("not-submitting", "submissions are closed")
    if state.bets[seat] is not None:
        raise IllegalAction("already-bet", "one bet per round")
    if state.scores[seat] < 1:
        raise IllegalAction("no-points", "a bet costs 1 point")
    cards = _cards_from_hand(state, seat, action, (state.pick,))
    if not can_bet(state, seat):
        raise IllegalAction("cannot-bet", "you are not playing this round or lack the cards")
    return cards, _writes(state, action, cards)


def bet(state: State, seat: int, answer: Answer, events: list[Event], now: float) -> None:
    cards, writes = answer
    state.scores[seat] -= 1
    _play_cards(state, seat, cards)
    state.bets[seat] = cards
    state.writes.update(writes)
    events.append(everyone("bet-placed", seat=seat, score=state.scores[seat]))


def _check_judge(state: State, seat: int) -> None:
    if state.phase is Phase.REVEAL:
        raise IllegalAction("not-revealed", "reveal every answer first")
    if state.phase is not Phase.JUDGE:
        raise IllegalAction("not-judging", "nothing to judge now")
    if seat != state.czar:
        raise IllegalAction("not-czar", "only the Card Czar judges")


def _answer(state: State, action: dict, key: str = "answer") -> int:
    answer = action.get(key)
    if type(answer) is not int or not 0 <= answer < len(state.answers):
        raise IllegalAction("bad-answer", f"'{key}' must be an answer position")
    return answer


def check_reveal(state: State, seat: int, action: dict, now: float) -> None:
    if state.phase is not Phase.REVEAL:
        raise IllegalAction("not-revealing", "there is nothing to reveal")
    if seat != state.czar:
        raise IllegalAction("not-czar", "only the Card Czar reveals")


def reveal_next(state: State, seat: int, parsed: None, events: list[Event], now: float) -> None:
    answer = state.revealed
    state.revealed += 1
    events.append(
        everyone(
            "answer-revealed", round=state.round, answer=answer, cards=answer_cards(state, answer)
        )
    )
    if state.revealed == len(state.answers):
        state.phase = Phase.JUDGE


def check_pick(state: State, seat: int, action: dict, now: float) -> list[int]:
    _check_judge(state, seat)
    if state.rules.judging == "seriousBusiness":
        raise IllegalAction("rank-instead", "Serious Business: rank the top answers")
    return [_answer(state, action)]


def check_rank(state: State, seat: int, action: dict, now: float) -> list[int]:
    _check_judge(state, seat)
    if state.rules.judging != "seriousBusiness":
        raise IllegalAction("pick-instead", "the Czar picks exactly one answer (K25)")
    ranking = action.get("answers")
    size = ranking_size(state)
    if (
        not isinstance(ranking, list)
        or len(ranking) != size
        or not all(type(a) is int and 0 <= a < len(state.answers) for a in ranking)
        or len(set(ranking)) != size
    ):
        raise IllegalAction("bad-ranking", f"rank {size} different answers, best first")
    return ranking[:]


def judge(state: State, seat: int, ranking: list[int], events: list[Event], now: float) -> None:
    """A pick (a ranking of one answer) or a Serious Business ranking (K20)."""
    judged(state, ranking, events)


def check_vote(state: State, seat: int, action: dict, now: float) -> int:
    if state.phase not in (Phase.VOTE, Phase.RUNNER_UP):
        raise IllegalAction("not-voting", "there is no vote now")
    if seat not in state.voters:
        raise IllegalAction("cannot-vote", "you have voted or have no vote")
    answer = _answer(state, action)
    if state.authors[answer] == seat:
        raise IllegalAction("own-answer", "you cannot vote for your own answer")
    if state.phase is Phase.RUNNER_UP and answer == state.ranking[0]:
        raise IllegalAction("winning-answer", "vote among the losing answers")
    return answer


def vote(state: State, seat: int, answer: int, events: list[Event], now: float) -> None:
    state.votes[seat] = answer
    state.voters.discard(seat)
    state.acting = frozenset(state.voters)
    events.append(everyone("vote-cast", seat=seat))
    if not state.voters:
        finish_vote(state, events)


def check_eliminate(state: State, seat: int, action: dict, now: float) -> int:
    if state.phase is not Phase.ELIMINATE:
        raise IllegalAction("not-eliminating", "nothing to eliminate now")
    if seat != current_eliminator(state):
        raise IllegalAction("not-your-turn", "another player eliminates now")
    answer = _answer(state, action)
    if answer in state.eliminated:
        raise IllegalAction("already-eliminated", "that answer is already out")
    return answer


def eliminate_answer(state: State, seat: int, answer: int, events: list[Event], now: float) -> None:
    eliminate(state, answer, events)
