"""Actions of the table itself (seat None): the host ending the game, late joins (K24), seats
leaving (K25), seats away (`skip-seat`), timeouts (Speed CAH, judging timers, the time limit)
and cards moderators hid during the game (`retire-cards`).

Timeouts: when the submission timer runs out, whoever has not submitted sits the round out
(they keep their cards) and the answers in are judged; when the judging timer runs out, a vote
counts the votes cast, while a Czar who has not picked (or an unfinished elimination) voids
the round. When the time limit (`timeMinutes`) is reached the game ends at once; an action
applied at or after that time is still applied, then the game ends.

A seat that is away is not waited for (`skip-seat`), as a timeout would for that seat alone:
a player due to submit sits the round out, an away Czar voids the round (K25), a vote or an
elimination goes on without that seat. Unlike a seat that left, it keeps its cards and points
and plays on when it comes back.
"""

from __future__ import annotations

from ...engine import Event, IllegalAction, everyone
from .dealing import drawable, drop_retired, fill
from .judging import current_eliminator, drop_eliminator
from .rounds import close_submissions, finish_vote, void_round
from .standings import end_game
from .state import ELIMINATE, JUDGE, REVEAL, RUNNER_UP, SUBMIT, VOTE, CahState


def deadline(state: CahState) -> float | None:
    """The earliest pending clock: the phase timer or the end of the time limit."""
    if state.result is not None:
        return None
    times = [t for t in (state.deadline, state.end_time) if t is not None]
    return min(times) if times else None


def end_by_host(state: CahState, seat, action: dict, events: list[Event]) -> None:
    """K5 manual end; with the official Happy Ending (K17) a last round on the haiku card is
    played first (the round in progress is void)."""
    if not state.rules.manual_end:
        raise IllegalAction("no-manual-end", "this game ends only by its rules")
    if state.rules.happy_ending == "officialHaikuFinale" and not state.finale:
        void_round(state, "happy-ending", events, next_black=state.pool.haiku)
        return
    end_game(state, "host-ended", events)


def join_seat(state: CahState, seat, action: dict, events: list[Event]) -> None:
    """K24: a new seat with a full hand and 0 points, last in the Czar rotation; it plays
    from the next round."""
    if not state.rules.allow_late_join:
        raise IllegalAction("no-late-join", "this game does not take late joins")
    if state.seats >= state.rules.max_players:
        raise IllegalAction("table-full", "every seat is taken")
    if drawable(state) < state.rules.hand_size:
        raise IllegalAction("not-enough-cards", "not enough white cards for another hand")
    new = state.seats
    state.active.append(True)
    state.hands.append([])
    state.scores.append(0)
    state.trophies.append([])
    state.submissions.append(None)
    state.bets.append(None)
    state.votes.append(-1)
    state.rotation.append(new)
    state.newcomers.add(new)
    fill(state, state.hands[new])
    events.append(everyone("player-joined", seat=new))


def leave_seat(state: CahState, seat, action: dict, events: list[Event]) -> None:
    """A seat leaves for good. K25: if it is the Czar with the round still to judge, the round
    is void. A player's pending submission and bet are discarded (the bet refunded); an answer
    already in the anonymous reveal stays in play, since removing it would name its author."""
    gone = _seat_of(state, action)
    if not state.active[gone]:
        raise IllegalAction("already-left", f"seat {gone} has already left")
    state.active[gone] = False
    hand = state.hands[gone]
    state.white_discard.extend(hand)
    hand.clear()
    events.append(everyone("player-left", seat=gone))
    if sum(state.active) < state.rules.min_players:
        end_game(state, "too-few-players", events)
    elif _czar_to_judge(state, gone):
        void_round(state, "czar-left", events)
    else:
        if state.phase == SUBMIT:
            _withdraw(state, gone)
        _stop_waiting(state, gone, events)


def awaited(state: CahState, seat: int) -> bool:
    """Whether the round in progress waits for `seat`: it is due to act, or it is the Czar of
    a round still to judge."""
    if state.result is not None or not state.active[seat]:
        return False
    return seat in state.acting or _czar_to_judge(state, seat)


def skip_seat(state: CahState, seat, action: dict, events: list[Event]) -> None:
    """Stop waiting for an away seat now, as a timeout would for that seat alone: K25 voids
    the round of an away Czar; a player due to submit sits the round out."""
    away = _seat_of(state, action)
    if not awaited(state, away):
        raise IllegalAction("not-awaited", f"nothing waits for seat {away}")
    if _czar_to_judge(state, away):
        void_round(state, "czar-away", events)
    elif state.phase == SUBMIT:
        _sit_out(state, away, "away", events)
    else:
        _stop_waiting(state, away, events)


def _seat_of(state: CahState, action: dict) -> int:
    seat = action.get("seat")
    if type(seat) is not int or not 0 <= seat < state.seats:
        raise IllegalAction("bad-seat", "'seat' must be a seat of this game")
    return seat


def _czar_to_judge(state: CahState, seat: int) -> bool:
    return seat == state.czar and state.phase in (SUBMIT, REVEAL, JUDGE)


def _sit_out(state: CahState, seat: int, reason: str, events: list[Event]) -> None:
    """A player due to submit sits the round out and keeps their cards."""
    events.append(everyone("player-skipped", seat=seat, reason=reason))
    _stop_waiting(state, seat, events)


def _stop_waiting(state: CahState, seat: int, events: list[Event]) -> None:
    """The round goes on without a player: out of the submissions (they close when nobody
    else is due), out of a vote, out of the elimination order (K20)."""
    phase = state.phase
    if phase == SUBMIT and seat in state.waiting:
        state.waiting.discard(seat)
        state.acting = frozenset(state.waiting)
        if not state.waiting:
            close_submissions(state, events)
    elif phase in (VOTE, RUNNER_UP) and seat in state.voters:
        state.voters.discard(seat)
        state.acting = frozenset(state.voters)
        if not state.voters:
            finish_vote(state, events)
    elif phase == ELIMINATE and seat in state.turn_order:
        drop_eliminator(state, seat)
        if state.turn_order:
            state.acting = frozenset((current_eliminator(state),))
        else:
            void_round(state, "no-eliminators", events)


def _withdraw(state: CahState, gone: int) -> None:
    """A leaving player's pending submission and bet go to the discards; the bet is refunded."""
    if state.submissions[gone] is not None:
        state.white_discard.extend(state.submissions[gone])
        state.submissions[gone] = None
    if state.bets[gone] is not None:
        state.white_discard.extend(state.bets[gone])
        state.bets[gone] = None
        state.scores[gone] += 1  # the bet is refunded


def timeout(state: CahState, seat, action: dict, events: list[Event]) -> None:
    due = deadline(state)
    if due is None:
        raise IllegalAction("no-timer", "nothing is waiting on a clock")
    if state.clock < due:
        raise IllegalAction("too-early", f"the clock runs out at {due}")
    if state.end_time is not None and state.clock >= state.end_time:
        end_game(state, "time-limit", events)
    elif state.phase == SUBMIT:
        for late in sorted(state.waiting):
            _sit_out(state, late, "timeout", events)
    elif state.phase in (VOTE, RUNNER_UP):
        state.voters.clear()
        finish_vote(state, events)
    else:
        void_round(state, "judge-timeout", events)


def retire_cards(state: CahState, seat, action: dict, events: list[Event]) -> None:
    """Moderators hid cards (by text key, decks/card_keys.py) during the game: they leave the
    decks and the discards now, and hands and used black cards at the next draw (see
    dealing.py). A card already on the table stays there until the round ends."""
    keys = action.get("cards")
    if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
        raise IllegalAction("bad-action", "'cards' lists the text keys of hidden cards")
    by_key = state.pool.card_ids_by_key()
    new = {card for key in keys for card in by_key.get(key, ())} - state.retired
    if not new:
        return
    state.retired = state.retired | new
    drop_retired(state, state.white_deck, state.white_retired)
    drop_retired(state, state.white_discard, state.white_retired)
    drop_retired(state, state.black_deck, state.black_retired)
    events.append(everyone("cards-retired"))


TABLE_ACTIONS = {
    "end-game": end_by_host,
    "join-seat": join_seat,
    "leave-seat": leave_seat,
    "skip-seat": skip_seat,
    "timeout": timeout,
    "retire-cards": retire_cards,
}
