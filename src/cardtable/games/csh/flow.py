"""Turn flow: two actions a turn (CSH-1, CSH-2, CSH-28), the Draw Action and the out-of-cards
draw (CSH-20), turns passing on with skips, extra turns and CHOOSE_NEXT, and the end of the
game when the Election has been drawn (CSH-16).
"""

from __future__ import annotations

from ...engine import everyone
from . import archive, deck, stack
from .archive import REPLACE, Spot
from .state import NOBODY, Phase, State

TURN_ACTIONS = 2  # seed: "Each round, a player has two actions"
OUT_OF_CARDS_DRAW = 3  # seed: "you instead draw three cards, and skip the rest of your turn"


def begin_turn(state: State, seat: int) -> None:
    """A turn starts: its actions (less any LOSE_ACTIONS), then R6's upkeep draw."""
    state.current = seat
    state.turn += 1
    state.actions = max(0, TURN_ACTIONS - state.lose[seat])
    state.lose[seat] = 0
    state.bonus_used = False
    state.phase = Phase.TURN
    state.events.append(everyone("turn-started", seat=seat, turn=state.turn, actions=state.actions))
    upkeep = archive.static(state, seat, "upkeep-draw")
    if upkeep:
        deck.draw(state, seat, upkeep)


def _game_ends(state: State, seat: int, extra: bool) -> bool:
    """CSH-16 and the seed: once the Election is drawn, the turn it was drawn in finishes
    (extra turns of that seat included); the game ends when a turn would begin for the starting
    player, taken or skipped; if the starting player drew it on his own turn, it ends after
    that turn without going round the table."""
    if not state.election_drawn or (extra and state.final_chain):
        return False
    if state.drawer == state.start == state.drawn_on_turn_of:
        return True
    return seat == state.start


def finish(state: State) -> None:
    state.phase = Phase.OVER
    state.events.append(everyone("game-ended", scores=archive.totals(state), drawer=state.drawer))


def next_turn(state: State) -> None:
    """The turn passes on: an extra turn of the same seat first (CSH-28), else the seat
    CHOOSE_NEXT picked, else clockwise; skipped turns are consumed on the way."""
    current = state.current
    if state.extra_turns[current]:
        state.extra_turns[current] -= 1
        seat, extra = current, True
    else:
        seat = state.next_seat if state.next_seat != NOBODY else (current + 1) % state.seats
        state.next_seat = NOBODY
        extra = False
    while True:
        if _game_ends(state, seat, extra):
            finish(state)
            return
        state.final_chain = state.final_chain and extra
        if not state.skips[seat]:
            break
        state.skips[seat] -= 1
        state.events.append(everyone("turn-skipped", seat=seat))
        seat, extra = (seat + 1) % state.seats, False
    begin_turn(state, seat)


def draw_action(state: State) -> None:
    """A Draw Action: one card, two with R2 on the first of the turn; with an empty hand,
    three cards and the turn ends at once (CSH-20)."""
    seat = state.current
    if not state.hands[seat]:
        state.events.append(everyone("out-of-cards", seat=seat))
        deck.draw(state, seat, OUT_OF_CARDS_DRAW)
        state.actions = 0
    else:
        bonus = 0 if state.bonus_used else archive.static(state, seat, "draw-bonus")
        deck.draw(state, seat, 1 + bonus)
        state.actions -= 1
    state.bonus_used = True


def play_action(state: State, cards: list[int], spot: Spot, target: int) -> None:
    """A Play Action: the card goes into its Archive, then its window opens (CSH-10)."""
    seat = state.current
    state.actions -= 1
    if target == NOBODY:
        archive.play_into(state, seat, seat, cards, spot)
    elif spot == (REPLACE, -1):
        stack.push_placement(state, seat, cards[0], target)
        return
    else:
        archive.play_into(state, seat, target, cards, spot)
    stack.push_play(state, seat, cards)


def react_action(state: State, seat: int, card: int, spot: Spot) -> None:
    """A reaction goes into the reactor's own Archive, costs no action (CSH-11, CSH-12)."""
    archive.play_into(state, seat, seat, [card], spot)
    stack.push_reaction(state, seat, card)


def advance(state: State) -> None:
    """Run the game on until some seat must act, or it is over; a pending choice waits for its
    answer (an auto-pass sent meanwhile runs nothing)."""
    if state.choice is not None:
        return
    while state.phase not in (Phase.DRAFT, Phase.OVER):
        if stack.run(state):
            return
        if state.actions > 0:
            state.phase = Phase.TURN
            return
        next_turn(state)
