"""The effect primitives of rules/csh.md C.2, resolved one at a time from the top frame.

Each primitive has an `ask` (the choice it needs: who chooses, what for, among which options;
None when it needs none) and a `do` (carry it out with the answer). A choice with one option is
taken at once; with none, the effect fizzles (CSH-25). Effects that act on several players or
cards put one small effect per player or card back at the front of the frame, so that every
choice is its own action of the player who must choose.
"""

from __future__ import annotations

from itertools import permutations

from ...engine import everyone, only
from ...engine.rng import Drawless
from . import archive, deck, window
from .archive import REPLACE
from .catalog import ALL, SWING_CAP, Effect, needs_target
from .state import NOBODY, Choice, Frame, Order, Phase, State, face, pending

Ask = tuple[int, str, tuple] | None  # (seat, purpose, options)


def _order_from(state: State, seat: int) -> list[int]:
    """Every seat in turn order starting with `seat` (C.2: "each" starts with the owner)."""
    return [(seat + step) % state.seats for step in range(state.seats)]


def _others(state: State, seat: int) -> list[int]:
    return _order_from(state, seat)[1:]


def _victims(state: State, frame: Frame, who: str) -> list[int]:
    if who == "self":
        return [frame.player]
    if who == "target":
        return [frame.target]
    if who == "each":
        return _order_from(state, frame.player)
    if who == "others":
        return _others(state, frame.player)
    return [state.rng.choice(_others(state, frame.player))]  # random-other (I5)


def _archives(state: State, frame: Frame, scope: str) -> list[int]:
    if scope == "own":
        return [frame.player]
    if scope == "others":
        return _others(state, frame.player)
    return _order_from(state, frame.player)


def _push_front(frame: Frame, effects: list[Effect]) -> None:
    frame.steps[0:0] = effects


# -- hands and the deck -----------------------------------------------------------------------


def _draw(state: State, frame: Frame, effect: Effect, _) -> None:
    for seat in _victims(state, frame, effect.who):
        deck.draw(state, seat, effect.n)


def _discard(state: State, frame: Frame, effect: Effect, _) -> None:
    victims = _victims(state, frame, effect.who)
    if effect.n != ALL:
        _push_front(
            frame,
            [
                effect._replace(op="discard-one", seat=victim)
                for victim in victims
                for _ in range(effect.n)
            ],
        )
        return
    for victim in victims:  # I3: whole hands
        cards, state.hands[victim] = state.hands[victim], []
        state.discard.extend(cards)
        state.events.append(
            everyone("discarded", seat=victim, cards=[face(state, c) for c in cards])
        )


def _ask_discard_one(state: State, frame: Frame, effect: Effect) -> Ask:
    hand = tuple(state.hands[effect.seat])
    if effect.chooser == "random" and hand:
        return None
    return (effect.seat if effect.chooser == "owner" else frame.player), "card", hand


def _discard_one(state: State, frame: Frame, effect: Effect, card) -> None:
    hand = state.hands[effect.seat]
    if card is None:
        card = state.rng.choice(hand)
    hand.remove(card)
    state.discard.append(card)
    state.events.append(everyone("discarded", seat=effect.seat, cards=[face(state, card)]))


def _steal(state: State, frame: Frame, effect: Effect, _) -> None:
    _push_front(frame, [effect._replace(op="steal-one")] * effect.n)


def _ask_steal_one(state: State, frame: Frame, effect: Effect) -> Ask:
    hand = tuple(state.hands[frame.target])
    if effect.mode == "random" and hand:
        return None
    return frame.player, "card", hand  # P5 look-and-choose: the player sees the hand


def _steal_one(state: State, frame: Frame, effect: Effect, card) -> None:
    hand = state.hands[frame.target]
    if card is None:
        card = state.rng.choice(hand)
    hand.remove(card)
    state.hands[frame.player].append(card)
    state.events.append(everyone("stole", seat=frame.player, victim=frame.target))
    state.events.append(only([frame.player, frame.target], "card-taken", card=face(state, card)))


def _swap_hands(state: State, frame: Frame, effect: Effect, _) -> None:
    hands, player, target = state.hands, frame.player, frame.target
    hands[player], hands[target] = hands[target], hands[player]
    state.events.append(everyone("hands-swapped", seats=[player, target]))


def _pass_hands(state: State, frame: Frame, effect: Effect, _) -> None:
    """I1 passes whole hands; I8 passes that many random cards. Left is the next seat in
    turn order (clockwise), right the one before."""
    step = 1 if effect.dir == "left" else -1
    hands = state.hands
    if effect.n == ALL:
        gifts = hands
    else:
        gifts = [state.rng.sample(hand, min(effect.n, len(hand))) for hand in hands]
    kept = [
        [] if effect.n == ALL else [c for c in hand if c not in gift]
        for hand, gift in zip(hands, gifts, strict=True)
    ]
    for seat, gift in enumerate(gifts):
        receiver = (seat + step) % state.seats
        kept[receiver].extend(gift)
        if gift:
            state.events.append(
                only([receiver], "cards-received", giver=seat, cards=[face(state, c) for c in gift])
            )
    state.hands = kept
    state.events.append(
        everyone("hands-passed", dir=effect.dir, counts=[len(gift) for gift in gifts])
    )


def _mill(state: State, frame: Frame, effect: Effect, _) -> None:
    deck.mill(state, frame.player, effect.n)


def _ask_reorder(state: State, frame: Frame, effect: Effect) -> Ask:
    top = state.deck[-effect.n :][::-1] if state.deck else []  # top card first
    return frame.player, "order", tuple(permutations(top)) if top else ()


def _reorder(state: State, frame: Frame, effect: Effect, order) -> None:
    """O3: the player puts them back in the chosen order (first = top) and alone knows it."""
    state.deck[-len(order) :] = order[::-1]
    state.peek = [0] * state.seats
    state.peek[frame.player] = len(order)
    state.events.append(everyone("deck-reordered", seat=frame.player, count=len(order)))


def _ask_recover_one(state: State, frame: Frame, effect: Effect) -> Ask:
    return frame.player, "card", tuple(state.discard)


def _recover_one(state: State, frame: Frame, effect: Effect, card) -> None:
    state.discard.remove(card)
    state.hands[frame.player].append(card)
    state.events.append(everyone("recovered", seat=frame.player, card=face(state, card)))


def _recover(state: State, frame: Frame, effect: Effect, _) -> None:
    _push_front(frame, [effect._replace(op="recover-one")] * effect.n)


# -- turns ------------------------------------------------------------------------------------


def _extra_actions(state: State, frame: Frame, effect: Effect, _) -> None:
    state.actions += effect.n  # CSH-28: added to the current turn
    state.events.append(everyone("extra-actions", seat=frame.player, count=effect.n))


def _lose_actions(state: State, frame: Frame, effect: Effect, _) -> None:
    state.lose[frame.target] += effect.n
    state.events.append(everyone("actions-lost", seat=frame.target, count=effect.n))


def _skip_turn(state: State, frame: Frame, effect: Effect, _) -> None:
    state.skips[frame.target] += 1
    state.events.append(everyone("turn-to-skip", seat=frame.target))


def _extra_turn(state: State, frame: Frame, effect: Effect, _) -> None:
    state.extra_turns[frame.player] += 1
    state.events.append(everyone("extra-turn", seat=frame.player))


def _ask_next(state: State, frame: Frame, effect: Effect) -> Ask:
    """F6: no choice, so the effect fizzles, once the Election has been drawn (docs/rules-csh.md
    CSH-16a): in the final round a jump could only end the game at once or take players'
    last turns."""
    if state.election_drawn:
        return frame.player, "next", ()
    return frame.player, "next", tuple(_others(state, frame.player))


def _choose_next(state: State, frame: Frame, effect: Effect, seat) -> None:
    state.next_seat = seat
    state.events.append(everyone("next-chosen", seat=frame.player, next=seat))


# -- Archives ---------------------------------------------------------------------------------


def _ask_unit(state: State, frame: Frame, effect: Effect) -> Ask:
    """RETURN and DESTROY choose a top unit; never the card whose effect this is (else an
    Archivist could return itself and be played again for ever), nor one past the swing cap."""
    seats = _archives(state, frame, effect.scope)
    tops = archive.unit_tops(state, seats, frame.player)
    return (
        frame.player,
        "card",
        _capped(state, frame, effect, [t for t in tops if t != frame.source]),
    )


def _return(state: State, frame: Frame, effect: Effect, top) -> None:
    archive.take_unit(state, top, frame.player, to_hand=True)


def _destroy(state: State, frame: Frame, effect: Effect, top) -> None:
    archive.take_unit(state, top, frame.player, to_hand=False)


def _ask_modify(state: State, frame: Frame, effect: Effect) -> Ask:
    cards = tuple(
        card
        for seat in _archives(state, frame, effect.scope)
        if not archive.shielded(state, seat, frame.player)
        for stack in state.archives[seat]
        for card in stack
        if not state.down[card]
    )
    return frame.player, "card", cards  # a token moves its size, within the cap (catalog)


def _modify(state: State, frame: Frame, effect: Effect, card) -> None:
    state.tokens[card] += effect.n
    state.events.append(everyone("token-added", seat=frame.player, card={"id": card}, vp=effect.n))


def _second_choices(state: State, frame: Frame, effect: Effect, first: int, before: list[int]):
    """The units the first may be swapped with, lazily: in another Archive, within the swing
    cap (`before`: every Archive's total now)."""
    first_seat = archive.placed(state, first)[0]
    seats = _others(state, frame.player) if effect.second == "others" else range(state.seats)
    tops = archive.unit_tops(state, [s for s in seats if s != first_seat], frame.player)
    trial = effect._replace(op="swap-second", card=first)
    return (second for second in tops if swing(state, frame, trial, second, before) <= SWING_CAP)


def _ask_swap(state: State, frame: Frame, effect: Effect) -> Ask:
    """A first unit is offered when some second one may go with it (the first found will do)."""
    firsts = archive.unit_tops(state, _archives(state, frame, effect.scope), frame.player)
    before = archive.totals(state)
    return (
        frame.player,
        "card",
        tuple(
            top
            for top in firsts
            if any(True for _ in _second_choices(state, frame, effect, top, before))
        ),
    )


def _swap(state: State, frame: Frame, effect: Effect, first) -> None:
    _push_front(frame, [effect._replace(op="swap-second", card=first)])


def _ask_swap_second(state: State, frame: Frame, effect: Effect) -> Ask:
    before = archive.totals(state)
    return frame.player, "card", tuple(_second_choices(state, frame, effect, effect.card, before))


def _swap_second(state: State, frame: Frame, effect: Effect, second) -> None:
    done = archive.swap_units(state, effect.card, second, frame.player)
    state.events.append(
        everyone(
            "archive-swap",
            seat=frame.player,
            done=done,
            cards=[{"id": effect.card}, {"id": second}],
        )
    )


def _ask_uncancel(state: State, frame: Frame, effect: Effect) -> Ask:
    cards = [c for stack in state.archives[frame.player] for c in stack if state.down[c]]
    return frame.player, "card", _capped(state, frame, effect, cards)


def _uncancel(state: State, frame: Frame, effect: Effect, card) -> None:
    """H6: face up again, VP and statics back; its onEnter does not trigger."""
    state.down[card] = False
    state.events.append(everyone("uncanceled", seat=frame.player, card=face(state, card)))


def _ask_retrigger(state: State, frame: Frame, effect: Effect) -> Ask:
    """H7: another face-up card in your Archive with an onEnter; not one that retriggers
    itself (two Reenactments would otherwise loop for ever)."""
    type_of = state.type_of
    cards = tuple(
        card
        for stack in state.archives[frame.player]
        for card in stack
        if card != frame.source
        and not state.down[card]
        and type_of[card].on_enter
        and all(e.op != "retrigger" for e in type_of[card].on_enter)
    )
    return frame.player, "card", cards


def _retrigger(state: State, frame: Frame, effect: Effect, card) -> None:
    """Its effects resolve now, on top of the rest of this card's; no reaction window, since
    no card is being played (CSH-11)."""
    state.stack.append(
        Frame(frame.player, (), card, list(state.type_of[card].on_enter), started=True)
    )
    state.events.append(everyone("retriggered", seat=frame.player, card=face(state, card)))


def _coin(state: State, frame: Frame, effect: Effect, _) -> None:
    """I7: heads or tails sets the card's VP for good, if it is still face up in an Archive."""
    heads = state.rng.randrange(2) == 0
    card = frame.source
    if archive.locate(state, card) is not None and not state.down[card]:
        state.fixed[card] = effect.heads if heads else effect.tails
    state.events.append(everyone("coin-flipped", seat=frame.player, card={"id": card}, heads=heads))


def _ask_place(state: State, frame: Frame, effect: Effect) -> Ask:
    return effect.seat, "slot", tuple(range(len(state.archives[effect.seat])))


def _place(state: State, frame: Frame, effect: Effect, slot) -> None:
    """CSH-26: the target picked the stack a PLACE_INTO card replaces; now it is played and
    its reaction window opens."""
    archive.play_into(state, frame.player, effect.seat, [effect.card], (REPLACE, slot))
    window.open_window(state, frame)


# -- the swing cap ----------------------------------------------------------------------------

_DRAWLESS = Drawless()


def swing(state: State, frame: Frame, effect: Effect, option: int, before: list[int]) -> int:
    """The VP an effect would move between Archives with this answer: the change in every
    player's total from `before` (`archive.totals(state)`), summed (a swap of a -2 card for a
    5 VP pile moves 14). A swap is worked out in place where it cannot discard
    (`archive.swap_swing`); else the answer is tried on a copy that cannot draw a random number:
    the capped primitives move cards, they never shuffle or flip."""
    if effect.op == "swap-second":
        moved = archive.swap_swing(state, effect.card, option)
        if moved is not None:
            return moved
    trial = state.clone(rng=_DRAWLESS)
    PRIMITIVES[effect.op][1](trial, frame, effect, option)  # these read the frame, never change it
    return sum(abs(a - b) for a, b in zip(archive.totals(trial), before, strict=True))


def _capped(state: State, frame: Frame, effect: Effect, options) -> tuple[int, ...]:
    """The answers that move at most SWING_CAP VP (docs/rules-csh.md CSH-29)."""
    before = archive.totals(state)
    return tuple(o for o in options if swing(state, frame, effect, o, before) <= SWING_CAP)


NO_ASK = None
PRIMITIVES = {
    "draw": (NO_ASK, _draw),
    "discard": (NO_ASK, _discard),
    "discard-one": (_ask_discard_one, _discard_one),
    "steal": (NO_ASK, _steal),
    "steal-one": (_ask_steal_one, _steal_one),
    "swap-hands": (NO_ASK, _swap_hands),
    "pass-hands": (NO_ASK, _pass_hands),
    "extra-actions": (NO_ASK, _extra_actions),
    "lose-actions": (NO_ASK, _lose_actions),
    "skip-turn": (NO_ASK, _skip_turn),
    "extra-turn": (NO_ASK, _extra_turn),
    "choose-next": (_ask_next, _choose_next),
    "mill": (NO_ASK, _mill),
    "reorder-top": (_ask_reorder, _reorder),
    "return": (_ask_unit, _return),
    "destroy": (_ask_unit, _destroy),
    "modify-vp": (_ask_modify, _modify),
    "swap-archive": (_ask_swap, _swap),
    "swap-second": (_ask_swap_second, _swap_second),
    "recover": (NO_ASK, _recover),
    "recover-one": (_ask_recover_one, _recover_one),
    "retrigger": (_ask_retrigger, _retrigger),
    "uncancel": (_ask_uncancel, _uncancel),
    "coin": (NO_ASK, _coin),
    "place-into": (_ask_place, _place),
}


def step(state: State, frame: Frame) -> bool:
    """Resolve the frame's next effect, or ask for its choice: True when a choice is pending."""
    effect = frame.steps[0]
    if frame.target == NOBODY and needs_target(effect):
        others = tuple(_others(state, frame.player))
        if len(others) > 1:
            state.choice = Choice(frame.player, "target", others, effect)
            state.phase = Phase.CHOICE
            return True
        frame.target = others[0]
    ask, do = PRIMITIVES[effect.op]
    request = ask(state, frame, effect) if ask else None
    if request is not None and len(request[2]) != 1:
        seat, purpose, options = request
        if options:
            state.choice = Choice(seat, purpose, options, effect)
            state.phase = Phase.CHOICE
            return True
        frame.steps.pop(0)
        state.events.append(everyone("fizzled", seat=frame.player, effect=effect.op))
        return False
    frame.steps.pop(0)
    do(state, frame, effect, None if request is None else request[2][0])
    return False


def answer(state: State, value: int | Order) -> None:
    """Resume the top frame with the pending choice's answer (already validated)."""
    choice, state.choice = pending(state), None
    frame = state.stack[-1]
    state.events.append(everyone("chose", seat=choice.seat, purpose=choice.purpose))
    if choice.purpose == "target":
        assert isinstance(value, int), "a target is a seat"
        frame.target = value
        state.events.append(everyone("targeted", seat=frame.player, target=value))
        return
    frame.steps.pop(0)
    PRIMITIVES[choice.effect.op][1](state, frame, choice.effect, value)
