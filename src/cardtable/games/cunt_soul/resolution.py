"""How a play resolves, in B.4's order.

After the cards are placed: (1) a Joker's paradox test or retroactive cancel; (2) the play's own
power; (3) the four-of-a-kind burn, then the 3-field triple; (4) the 7-field's direction;
(5) replenishing; (6) the ace penalty; (7) finishing; (8) a Q's follow-up; then the turn ends:
the turn ends (turns.py). A stage that needs the player's choice pauses; the choice's action
resumes the resolution at the next stage.
"""

from __future__ import annotations

from ...engine import everyone
from .jokers import cancel_retroactively, is_paradox, joker_value
from .pile import burn, convert_triple, four_of_a_kind
from .placement import needs_overrule, power_in_force, top
from .ranks import ACE, JACK, JOKER, KING, QUEEN, TABLE, card_views
from .runs import run_possible
from .stalemate import progress
from .state import Decision, Play, Run, State
from .turn_queue import REVERSE, SKIP, active_seats, choosable
from .turns import ask, end_turn
from .zones import draw, holds_nothing, remove_from_zone, replenish, swap_slots


def game_ending(state: State) -> bool:
    """The player to act has nothing left and only one other player remains: his choices
    would change nothing, so none are asked."""
    return holds_nothing(state, state.current) and len(active_seats(state)) <= 2


def choice_moot(state: State) -> bool:
    """A 7's direction or a J's choice would change nothing: the game is ending, or the play
    completes four of a kind, whose burn (CS-16) empties the pile and gives the player another
    turn (CS-15)."""
    return game_ending(state) or four_of_a_kind(state)


# -- placing cards ---------------------------------------------------------------------------


def place(state: State, seat: int, zone: str, cards: list[int], events: list) -> None:
    """Put a play on the pile and resolve it (or open a 4-run first)."""
    rank = state.ranks[cards[0]]
    covered = top(state)
    below = power_in_force(state, covered)
    if rank == JOKER:
        value, power = TABLE, None  # its value is settled once its retroactive effects are
    elif rank == 6 and not state.fields.joker:
        # A 6 copies the top state: its value and, if in force, its power (CS-33 to CS-35).
        value = TABLE if covered is None else covered.value
        power = None if value == TABLE else below
    else:
        value, power = rank, (None if state.fields.joker else rank)
    state.serial += 1
    play = Play(state.serial, state.turn.number, seat, rank, list(cards), value, power, len(cards))
    # Only the sixOverrideParadox option asks whether a 6 needed its overrule (CS-48).
    play.overruled = rank == 6 and state.options["sixOverrideParadox"] and needs_overrule(state, 6)
    play.followup = state.turn.compelled
    state.turn.compelled = False
    # CS-43: a play other than a Joker on a powered A draws the penalty (after replenishing).
    owed = below == ACE and rank != JOKER
    state.penalty = state.fields.multiplier(covered.count) if owed and covered else 0
    remove_from_zone(state, seat, zone, cards)
    state.pile.append(play)
    state.resolving = play
    state.turn.plays += 1
    events.append(everyone("played", seat=seat, zone=zone, cards=card_views(state.decks, cards)))
    if power == 4:
        run = Run(value, committed=state.fields.four and len(cards) > 1)
        if run_possible(state, seat, run):
            state.run = run
            ask(state, Decision.RUN)
            return
    start_resolution(state, events)


def start_resolution(state: State, events: list) -> None:
    state.run = None
    state.stage = 0
    resume(state, events)


def resume(state: State, events: list) -> None:
    """Run the stages from `state.stage` until one waits for a choice or the turn is over."""
    while (index := state.stage) < _STAGE_COUNT:
        state.stage = index + 1
        if _STAGES[index](state, events):
            return


# -- the stages (each returns True when it paused for a choice or ended the turn) -------------


def _joker(state: State, events: list) -> bool:
    play = state.resolving_play()
    if play.rank != JOKER or len(state.pile) < 2:
        return False
    covered = state.pile[-2]
    if is_paradox(state, play, covered):
        events.append(everyone("paradox", seat=play.seat, covered=covered.rank))
        burn(state, events, "paradox")
        return False
    cancel_retroactively(state, covered, events)
    play.value = joker_value(state, covered)
    return False


def _power(state: State, events: list) -> bool:
    play = state.resolving_play()
    power = power_in_force(state, play)
    if power is None or not state.pile:
        return False
    turn = state.turn
    if power == 10:
        burn(state, events, "ten")
    elif power == 5:
        if state.hands[play.seat] and any(
            card is not None for card in swap_slots(state, play.seat)
        ):
            state.swaps_left = state.fields.multiplier(play.count)
            state.peeked = None
            play.swaps = []
            ask(state, Decision.SWAP)
            return True
    elif power == 7:
        if not choice_moot(state):
            ask(state, Decision.SEVEN)
            return True
    elif power == JACK:
        turn.blocks_jack_field = True
        if len(choosable(state, play.seat)) > 1 and not choice_moot(state):
            ask(state, Decision.JACK)
            return True
    elif power == 8:
        turn.blocks_jack_field = True
        turn.items.append((play.serial, SKIP, state.fields.multiplier(play.count)))
    elif power == KING:
        strength = state.fields.multiplier(play.count)
        if strength % 2:
            state.direction = -state.direction
            turn.items.append((play.serial, REVERSE, strength))
    elif power == QUEEN:
        turn.compelled = True
    return False


def _pile_checks(state: State, events: list) -> bool:
    if not state.pile:
        return False
    if four_of_a_kind(state):
        burn(state, events, "four-of-a-kind")
    elif state.fields.three:
        convert_triple(state, events)
    return False


def _field_seven(state: State, events: list) -> bool:
    play = state.resolving_play()
    if not state.fields.seven or not state.pile or play.value == TABLE or game_ending(state):
        return False
    if power_in_force(state, play) == 7 and play.direction is not None:
        play.field_direction = play.direction  # one choice covers both (CS-58)
        return False
    ask(state, Decision.FIELD_SEVEN)
    return True


def _refill(state: State, events: list) -> bool:
    if not state.options["replenishAtEndOfTurn"]:
        replenish(state, state.current, events)
    return False


def _penalty(state: State, events: list) -> bool:
    if state.penalty:
        if state.options["replenishAtEndOfTurn"]:
            state.turn.penalty += state.penalty
        else:
            draw(state, state.current, state.penalty, events, "ace-penalty")
        state.penalty = 0
    return False


def _finish(state: State, events: list) -> bool:
    seat = state.current
    if not holds_nothing(state, seat):
        return False
    state.places.append(seat)
    progress(state)
    events.append(everyone("finished", seat=seat, place=len(state.places)))
    end_turn(state, events)
    return True


def _follow_up(state: State, events: list) -> bool:
    turn = state.turn
    if not turn.compelled:
        return False
    if turn.burned:  # the burn takes the Q away; the extra turn replaces the follow-up
        turn.compelled = False
        return False
    state.resolving = None
    ask(state, Decision.TURN)
    events.append(everyone("follow-up", seat=state.current))
    return True


def _end(state: State, events: list) -> bool:
    end_turn(state, events)
    return True


_STAGES = (_joker, _power, _pile_checks, _field_seven, _refill, _penalty, _finish, _follow_up, _end)
_STAGE_COUNT = len(_STAGES)
AFTER_POWER = _STAGES.index(_pile_checks)
AFTER_FIELD_SEVEN = _STAGES.index(_refill)
