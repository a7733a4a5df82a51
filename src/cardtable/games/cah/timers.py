"""The clocks of a game and what their timeout does: the submission timer (Speed CAH), the
judging timer and the time limit (`timeMinutes`, K5). The timeout is the engine's default
table action (`Game.timeout_actions`): {"type": "timeout"} whenever a deadline is set.

When the submission timer runs out, whoever has not submitted sits the round out (they keep
their cards) and the answers in are judged; when the judging timer runs out, a vote counts the
votes cast, while a Czar who has not picked (or an unfinished elimination) voids the round.
When the time limit is reached the game ends at once; an action applied at or after that time
is still applied, then the game ends (actions.py).
"""

from __future__ import annotations

from ...engine import Event, IllegalAction
from .rounds import finish_vote, sit_out, void_round
from .standings import end_game
from .state import Phase, Reason, State


def deadline(state: State) -> float | None:
    """The earliest pending clock: the phase timer or the end of the time limit."""
    if state.result is not None:
        return None
    times = [t for t in (state.deadline, state.end_time) if t is not None]
    return min(times) if times else None


def check_timeout(state: State, seat: None, action: dict, now: float) -> None:
    due = deadline(state)
    if due is None:
        raise IllegalAction("no-timer", "nothing is waiting on a clock")
    if now < due:
        raise IllegalAction("too-early", f"the clock runs out at {due}")


def timeout(state: State, seat: None, parsed: None, events: list[Event], now: float) -> None:
    if state.end_time is not None and state.clock >= state.end_time:
        end_game(state, Reason.TIME_LIMIT, events)
    elif state.phase is Phase.SUBMIT:
        for late in sorted(state.waiting):
            sit_out(state, late, "timeout", events)
    elif state.phase in (Phase.VOTE, Phase.RUNNER_UP):
        state.voters.clear()
        finish_vote(state, events)
    else:
        void_round(state, "judge-timeout", events)
