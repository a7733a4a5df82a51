"""Free actions of the house rules, allowed at any time in a running game.

K13 discardUnknown: digipen discards a card and draws its replacement at once, announced to
the table; official (Never Have I Ever) discards with a confession and draws at the next
refill. K16 reboot: official trades 1 point to return any number of white cards and draw back
up to the hand size; guideFullHand trades 1 point for a whole new hand. K14
neverHaveIEverPoints: a player reads a white card from their hand (at most one per round; it
lies on the table until the round ends) and anyone who has done it, the reader included,
confesses for 1 point; a confession that reaches the points target ends the game (K5). A
player still due to submit can never use these to drop below the cards they must play.
Each action is a check and a step (see actions.py).
"""

from __future__ import annotations

from ...engine import Event, IllegalAction, everyone
from .dealing import draw_into, drawable, fill
from .standings import end_game, target_reached
from .state import Phase, Reason, State


def _keeps_enough(state: State, seat: int, hand_after: int) -> bool:
    """A seat still due to submit must keep at least the cards the black card asks for."""
    return not (state.phase is Phase.SUBMIT and seat in state.waiting and hand_after < state.pick)


def hand_after_draw(state: State, kept: int, returned: int, target: int) -> int:
    """Hand size after returning `returned` cards to the discards and drawing up to `target`."""
    available = drawable(state) + (returned if state.rules.white_reshuffle else 0)
    return max(kept, min(target, kept + available))


def can_discard(state: State, seat: int) -> bool:
    mode = state.rules.discard_unknown
    if mode == "off":
        return False
    kept = len(state.hands[seat]) - 1
    after = hand_after_draw(state, kept, 1, kept + 1) if mode == "digipen" else kept
    return kept >= 0 and _keeps_enough(state, seat, after)


def reboot_sizes(state: State, seat: int) -> list[int]:
    """K16 official: how many cards a seat may return (it needs at least 1 point)."""
    if state.rules.reboot != "official" or state.scores[seat] < 1:
        return []
    size, hand_size = len(state.hands[seat]), state.rules.hand_size
    return [
        count
        for count in range(1, size + 1)
        if _keeps_enough(state, seat, hand_after_draw(state, size - count, count, hand_size))
    ]


def can_full_reboot(state: State, seat: int) -> bool:
    if state.rules.reboot != "guideFullHand" or state.scores[seat] < 1:
        return False
    size = len(state.hands[seat])
    return _keeps_enough(state, seat, hand_after_draw(state, 0, size, state.rules.hand_size))


def can_read_nhie(state: State, seat: int) -> bool:
    if not state.rules.never_have_i_ever or seat in state.nhie_played.values():
        return False
    kept = len(state.hands[seat]) - 1
    return kept >= 0 and _keeps_enough(state, seat, hand_after_draw(state, kept, 0, kept + 1))


def confessable(state: State, seat: int) -> list[int]:
    return [card for card in state.nhie_table if (card, seat) not in state.nhie_confessed]


def _card_in_hand(state: State, seat: int, action: dict) -> int:
    card = action.get("card")
    if type(card) is not int:
        raise IllegalAction("bad-card", "'card' must be a card id")
    if card not in state.hands[seat]:
        raise IllegalAction("not-in-hand", f"card {card} is not in your hand")
    return card


def check_discard(state: State, seat: int, action: dict, now: float) -> int:
    if state.rules.discard_unknown == "off":
        raise IllegalAction("house-rule-off", "discarding unknown cards is not allowed")
    card = _card_in_hand(state, seat, action)
    if not can_discard(state, seat):
        raise IllegalAction("too-few-cards", "keep the cards you must play this round")
    return card


def discard(state: State, seat: int, card: int, events: list[Event], now: float) -> None:
    hand = state.hands[seat]
    hand.remove(card)
    state.white_discard.append(card)
    events.append(everyone("card-discarded", seat=seat, card=state.pool.white(card)))
    if state.rules.discard_unknown == "digipen":
        draw_into(state, hand, 1)


def check_reboot(state: State, seat: int, action: dict, now: float) -> list[int]:
    """The cards the reboot returns: those listed (official), or the whole hand."""
    mode = state.rules.reboot
    if mode not in ("official", "guideFullHand"):
        raise IllegalAction("house-rule-off", "rebooting the universe is not allowed now")
    if state.scores[seat] < 1:
        raise IllegalAction("no-points", "rebooting the universe costs 1 point")
    hand = state.hands[seat]
    if mode == "guideFullHand":
        if "cards" in action:
            raise IllegalAction("bad-cards", "this reboot returns the whole hand: send no cards")
        if not can_full_reboot(state, seat):
            raise IllegalAction("too-few-cards", "keep the cards you must play this round")
        return hand[:]
    returned = action.get("cards")
    if (
        not isinstance(returned, list)
        or not returned
        or not all(type(card) is int for card in returned)
    ):
        raise IllegalAction("bad-cards", "'cards' must list the cards to return")
    if len(set(returned)) != len(returned):
        raise IllegalAction("duplicate-card", "a card is listed twice")
    if any(card not in hand for card in returned):
        raise IllegalAction("not-in-hand", "you can only return cards from your hand")
    if len(returned) not in reboot_sizes(state, seat):
        raise IllegalAction("too-few-cards", "keep the cards you must play this round")
    return returned[:]


def reboot(state: State, seat: int, returned: list[int], events: list[Event], now: float) -> None:
    hand = state.hands[seat]
    state.scores[seat] -= 1
    for card in returned:
        hand.remove(card)
    state.white_discard.extend(returned)
    fill(state, hand)
    events.append(
        everyone("universe-rebooted", seat=seat, returned=len(returned), score=state.scores[seat])
    )


def check_never_have_i_ever(state: State, seat: int, action: dict, now: float) -> int:
    if not state.rules.never_have_i_ever:
        raise IllegalAction("house-rule-off", "Never Have I Ever is not played")
    card = _card_in_hand(state, seat, action)
    if seat in state.nhie_played.values():
        raise IllegalAction("already-read", "one Never Have I Ever card per round")
    if not can_read_nhie(state, seat):
        raise IllegalAction("too-few-cards", "keep the cards you must play this round")
    return card


def never_have_i_ever(state: State, seat: int, card: int, events: list[Event], now: float) -> None:
    hand = state.hands[seat]
    hand.remove(card)
    state.nhie_table.append(card)
    state.nhie_played[card] = seat
    draw_into(state, hand, 1)
    events.append(everyone("never-have-i-ever", seat=seat, card=state.pool.white(card)))


def check_confess(state: State, seat: int, action: dict, now: float) -> int:
    if not state.rules.never_have_i_ever:
        raise IllegalAction("house-rule-off", "Never Have I Ever is not played")
    card = action.get("card")
    if type(card) is not int or card not in state.nhie_table:
        raise IllegalAction("no-such-card", "no such Never Have I Ever card on the table")
    if (card, seat) in state.nhie_confessed:
        raise IllegalAction("already-confessed", "you already confessed to this one")
    return card


def confess(state: State, seat: int, card: int, events: list[Event], now: float) -> None:
    state.nhie_confessed.add((card, seat))
    state.scores[seat] += 1
    events.append(everyone("confessed", seat=seat, card=card, score=state.scores[seat]))
    if target_reached(state):
        end_game(state, Reason.POINTS_TARGET, events)
