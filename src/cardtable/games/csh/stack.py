"""The effect stack and its reaction windows (CSH-10 to CSH-14).

Playing a card pushes a frame and opens its window for all players at once (see `window`):
each may react (Cancel, Negate) or pass. A reaction pushes its own frame and window, and closes
the window below. When a window closes with no reaction, the top frame resolves (LIFO); a frame
below that was interrupted gets a fresh window unless it is canceled by then.
"""

from __future__ import annotations

from ...engine import everyone
from . import archive, effects, window
from .catalog import Effect
from .state import Frame, Phase, State


def push_play(state: State, player: int, cards: list[int]) -> None:
    """A card (or Freshmen played as one, CSH-8) now in an Archive: its onEnter waits on the
    stack behind its reaction window (CSH-9, CSH-10)."""
    source = cards[-1]
    frame = Frame(player, tuple(cards), source, list(state.type_of[source].on_enter))
    window.open_window(state, frame)
    state.stack.append(frame)


def push_placement(state: State, player: int, card: int, target: int) -> None:
    """A PLACE_INTO card whose target must first pick the stack it replaces (CSH-26): the
    choice comes first, then the card is played and its window opens."""
    steps = [Effect("place-into", seat=target, card=card), *state.type_of[card].on_enter]
    state.stack.append(Frame(player, (card,), card, steps, started=True))


def push_reaction(state: State, player: int, card: int) -> None:
    """A reaction aimed at the frame whose window is open (CSH-11): it closes that window and
    opens its own, for everyone again (CSH-10)."""
    window.close(state.stack[-1])
    frame = Frame(player, (card,), card, [], reaction=state.type_of[card].reaction)
    window.open_window(state, frame)
    state.stack.append(frame)


def _react(state: State, frame: Frame) -> None:
    """CANCEL flips the cards of the frame below face down: VP 0, no effect, no static, and it
    stays where it is (CSH-13; CSH-14: only the Freshmen this play added). NEGATE keeps their
    VP and stops their onEnter (C.2)."""
    aimed = state.stack[-2]
    if frame.reaction == "negate":
        aimed.negated = True
        state.events.append(
            everyone("negated", seat=frame.player, cards=[{"id": c} for c in aimed.cards])
        )
        return
    aimed.canceled = True
    flipped = set()
    for card in aimed.cards:
        where = archive.locate(state, card)
        if where is not None:
            state.down[card] = True
            flipped.add(where[0])
    state.events.append(
        everyone("canceled", seat=frame.player, cards=[{"id": c} for c in aimed.cards])
    )
    for seat in sorted(flipped):  # a flipped R1 takes its slot with it
        archive.enforce_capacity(state, seat, frame.player)


def run(state: State) -> bool:
    """Resolve what can be resolved; True when a seat must answer a window or a choice."""
    stack = state.stack
    while stack:
        frame = stack[-1]
        if not frame.started:
            if frame.waiting:
                state.phase = Phase.WINDOW
                return True
            frame.started = True
            if frame.reaction and not (frame.canceled or frame.negated):
                _react(state, frame)
        if frame.steps and not (frame.canceled or frame.negated):
            if effects.step(state, frame):
                return True
            continue
        stack.pop()
        if stack and not stack[-1].started and not stack[-1].canceled:
            window.open_window(state, stack[-1])
    return False
