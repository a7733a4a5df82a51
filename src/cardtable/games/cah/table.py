"""Actions of the table itself (seat None), each a check and a step (see actions.py): the
host ending the game, late joins (K24), seats leaving (K25), seats away (`skip-seat`) and cards
moderators hid during the game (`retire-cards`). Timeouts are timers.py's.

A seat that is away is not waited for (`skip-seat`), as a timeout would for that seat alone:
a player due to submit sits the round out, an away Czar voids the round (K25), a vote or an
elimination goes on without that seat. Unlike a seat that left, it keeps its cards and points
and plays on when it comes back.
"""

from __future__ import annotations

from ...engine import Event, IllegalAction, everyone
from .dealing import drawable, drop_retired, fill
from .rounds import sit_out, stop_waiting, void_round
from .standings import end_game
from .state import NO_VOTE, Phase, Reason, State


def check_end_game(state: State, seat: None, action: dict, now: float) -> None:
    if not state.rules.manual_end:
        raise IllegalAction("no-manual-end", "this game ends only by its rules")


def end_game_by_host(
    state: State, seat: None, parsed: None, events: list[Event], now: float
) -> None:
    """K5 manual end; with the official Happy Ending (K17) a last round on the haiku card is
    played first (the round in progress is void)."""
    if state.rules.happy_ending == "officialHaikuFinale" and not state.finale:
        void_round(state, "happy-ending", events, next_black=state.pool.haiku)
        return
    end_game(state, Reason.HOST_ENDED, events)


def check_join(state: State, seat: None, action: dict, now: float) -> None:
    if not state.rules.allow_late_join:
        raise IllegalAction("no-late-join", "this game does not take late joins")
    if state.seats >= state.rules.max_players:
        raise IllegalAction("table-full", "every seat is taken")
    if drawable(state) < state.rules.hand_size:
        raise IllegalAction("not-enough-cards", "not enough white cards for another hand")


def join_seat(state: State, seat: None, parsed: None, events: list[Event], now: float) -> None:
    """K24: a new seat with a full hand and 0 points, last in the Czar rotation; it plays
    from the next round."""
    new = state.seats
    state.active.append(True)
    state.hands.append([])
    state.scores.append(0)
    state.trophies.append([])
    state.submissions.append(None)
    state.bets.append(None)
    state.votes.append(NO_VOTE)
    state.rotation.append(new)
    state.newcomers.add(new)
    fill(state, state.hands[new])
    events.append(everyone("player-joined", seat=new))


def check_leave(state: State, seat: None, action: dict, now: float) -> int:
    gone = _seat_of(state, action)
    if not state.active[gone]:
        raise IllegalAction("already-left", f"seat {gone} has already left")
    return gone


def leave_seat(state: State, seat: None, gone: int, events: list[Event], now: float) -> None:
    """A seat leaves for good. K25: if it is the Czar with the round still to judge, the round
    is void. A player's pending submission and bet are discarded (the bet refunded); an answer
    already in the anonymous reveal stays in play, since removing it would name its author."""
    state.active[gone] = False
    hand = state.hands[gone]
    state.white_discard.extend(hand)
    hand.clear()
    events.append(everyone("player-left", seat=gone))
    if sum(state.active) < state.rules.min_players:
        end_game(state, Reason.TOO_FEW_PLAYERS, events)
    elif _czar_to_judge(state, gone):
        void_round(state, "czar-left", events)
    else:
        if state.phase is Phase.SUBMIT:
            _withdraw(state, gone)
        stop_waiting(state, gone, events)


def awaited(state: State, seat: int) -> bool:
    """Whether the round in progress waits for `seat`: it is due to act, or it is the Czar of
    a round still to judge."""
    if state.result is not None or not state.active[seat]:
        return False
    return seat in state.acting or _czar_to_judge(state, seat)


def check_skip(state: State, seat: None, action: dict, now: float) -> int:
    away = _seat_of(state, action)
    if not awaited(state, away):
        raise IllegalAction("not-awaited", f"nothing waits for seat {away}")
    return away


def skip_seat(state: State, seat: None, away: int, events: list[Event], now: float) -> None:
    """Stop waiting for an away seat now, as a timeout would for that seat alone: K25 voids
    the round of an away Czar; a player due to submit sits the round out."""
    if _czar_to_judge(state, away):
        void_round(state, "czar-away", events)
    elif state.phase is Phase.SUBMIT:
        sit_out(state, away, "away", events)
    else:
        stop_waiting(state, away, events)


def _seat_of(state: State, action: dict) -> int:
    seat = action.get("seat")
    if type(seat) is not int or not 0 <= seat < state.seats:
        raise IllegalAction("bad-seat", "'seat' must be a seat of this game")
    return seat


def _czar_to_judge(state: State, seat: int) -> bool:
    return seat == state.czar and state.phase in (Phase.SUBMIT, Phase.REVEAL, Phase.JUDGE)


def _withdraw(state: State, gone: int) -> None:
    """A leaving player's pending submission and bet go to the discards; the bet is refunded."""
    submitted, bet = state.submissions[gone], state.bets[gone]
    if submitted is not None:
        state.white_discard.extend(submitted)
        state.submissions[gone] = None
    if bet is not None:
        state.white_discard.extend(bet)
        state.bets[gone] = None
        state.scores[gone] += 1  # the bet is refunded


def check_retire(state: State, seat: None, action: dict, now: float) -> frozenset[int]:
    """The ids of the cards with these text keys that are not retired yet."""
    keys = action.get("cards")
    if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
        raise IllegalAction("bad-action", "'cards' lists the text keys of hidden cards")
    by_key = state.pool.card_ids_by_key()
    return frozenset(card for key in keys for card in by_key.get(key, ())) - state.retired


def retire_cards(
    state: State, seat: None, new: frozenset[int], events: list[Event], now: float
) -> None:
    """Moderators hid cards (by text key, decks/card_keys.py) during the game: they leave the
    decks and the discards now, and hands and used black cards at the next draw (see
    dealing.py). A card already on the table stays there until the round ends."""
    if not new:
        return
    state.retired = state.retired | new
    drop_retired(state, state.white_deck, state.white_retired)
    drop_retired(state, state.white_discard, state.white_retired)
    drop_retired(state, state.black_deck, state.black_retired)
    events.append(everyone("cards-retired"))
