"""What each seat may know (CSH-23): hands private, hand sizes public, Archives public with
canceled cards face down and their faces hidden, the deck count public, the discard pile public,
the deck order and the Election's place secret.

Cards whose face a viewer sees are `{"id", "card"}` (the card type's id); a face-down card is
`{"id", "down": true}`. Secret: the deck, bottom to top, where the top cards a seat has seen
(O3, CSH-23) are shown to that seat instead; and the faces of canceled cards, by id.

An item of the effect stack names the cards being played (none for a retrigger, H7) and its
`source`, the card whose effects it resolves. `waiting` lists the seats whose input is awaited;
`window` is the open reaction window (when it opened and closes, who has answered, CSH-10) and
`auto_pass` each seat's public preference: none of them depends on who holds a reaction card.
What a seat may do now, the reactions it may play in a window included, is its part's `can`
(affordances.py; game.py adds it).
"""

from __future__ import annotations

from typing import Any

from . import archive, draft, legal, window
from .state import NOBODY, Frame, Phase, State, face, pending


def _maybe(seat: int) -> int | None:
    return None if seat == NOBODY else seat


def _archive(state: State, seat: int, counts: dict[str, int]) -> dict:
    """A seat's Archive as everyone sees it: a face-down card shows only its id; the total is
    from the VP the cards show."""
    down, type_of, tokens = state.down, state.type_of, state.tokens
    stacks: list[list[dict[str, Any]]] = []
    shown_vp = 0
    for stack in state.archives[seat]:
        shown: list[dict[str, Any]] = []
        for card in stack:
            if down[card]:
                shown.append({"id": card, "down": True})
                continue
            vp = archive.card_vp(state, card, counts)
            shown_vp += vp
            out: dict[str, Any] = {"id": card, "card": type_of[card].id, "vp": vp}
            if tokens[card]:
                out["tokens"] = tokens[card]
            shown.append(out)
        stacks.append(shown)
    return {
        "capacity": archive.capacity(state, seat),
        "total": archive.seat_total(state, seat, shown_vp),
        "stacks": stacks,
    }


def _frame(frame: Frame) -> dict:
    return {
        "player": frame.player,
        "cards": [{"id": c} for c in frame.cards],
        "source": {"id": frame.source},
        "reaction": frame.reaction or None,
        "resolving": frame.started,
        "canceled": frame.canceled,
        "negated": frame.negated,
        "target": _maybe(frame.target),
    }


def _choice(state: State) -> dict | None:
    if state.phase is not Phase.CHOICE:
        return None
    choice = pending(state)
    effect = choice.effect
    out: dict[str, Any] = {"seat": choice.seat, "purpose": choice.purpose, "effect": effect.op}
    if effect.op == "modify-vp":
        out["vp"] = effect.n
    if choice.purpose in ("target", "next", "slot"):
        out["options"] = list(choice.options)
    if choice.purpose == "slot":
        out["card"] = face(state, effect.card)
    return out


def board(state: State) -> dict:
    """Where the game stands, as everyone sees it: the turn, the deck's size and the Election,
    hand sizes, the Archives, the effect stack and the open choice. Part of `public`, built
    alone for a bot that weighs only these (bots/csh.py)."""
    counts = archive.face_up_counts(state)
    return {
        "turn": state.turn,
        "start": _maybe(state.start),
        "current": _maybe(state.current),
        "actions": state.actions,
        "deck": len(state.deck),
        "election": (
            {"drawn": True, "by": state.drawer, "card": face(state, state.election)}
            if state.election_drawn
            else {"drawn": False}
        ),
        "hands": [len(hand) for hand in state.hands],
        "archives": [_archive(state, seat, counts) for seat in range(state.seats)],
        "stack": [_frame(frame) for frame in state.stack],
        "choice": _choice(state),
    }


def public(state: State) -> dict:
    out: dict[str, Any] = {
        "phase": state.phase.value,
        "waiting": sorted(legal.acting(state)),
        "window": window.public(state),
        "auto_pass": list(state.auto_pass),
        **board(state),
        "directorships": list(state.directorships),
        "discard": [face(state, c) for c in state.discard],
        "coming": {
            "extra_turns": list(state.extra_turns),
            "skips": list(state.skips),
            "lost_actions": list(state.lose),
            "next": _maybe(state.next_seat),
        },
    }
    if state.phase is Phase.DRAFT:
        out["available"] = draft.available(state)
    return out


def seen_top(state: State, seat: int) -> int:
    """How many top cards of the deck `seat` sees: O3's owner, while choosing and after."""
    if state.phase is Phase.CHOICE:
        choice = pending(state)
        if choice.purpose == "order" and choice.seat == seat:
            return len(choice.orders()[0])
    return state.peek[seat]


def _choice_cards(state: State) -> list[dict]:
    """The cards a chooser picks from; a hand looked at (P5) is shown to the chooser only."""
    choice = pending(state)
    if choice.purpose == "order":
        return [face(state, c) for c in choice.orders()[0]]
    return [{"id": c, "down": True} if state.down[c] else face(state, c) for c in choice.ids()]


def private(state: State, seat: int) -> dict:
    seen = seen_top(state, seat)
    out = {
        "hand": [face(state, c) for c in state.hands[seat]],
        "top": [face(state, c) for c in state.deck[len(state.deck) - seen :][::-1]],
    }
    if state.phase is Phase.CHOICE:
        choice = pending(state)
        if choice.seat == seat and choice.purpose in ("card", "order"):
            out["options"] = _choice_cards(state)
    return out


def secret(state: State) -> dict:
    seen = {s: seen_top(state, s) for s in range(state.seats)}
    deck = []
    depth = len(state.deck)
    for position, card in enumerate(state.deck):
        from_top = depth - position
        seer = next((s for s, k in seen.items() if k >= from_top), None)
        deck.append({"seen_by": seer} if seer is not None else face(state, card))
    return {
        "deck": deck,
        "face_down": {
            str(c): state.type_of[c].id
            for stacks in state.archives
            for stack in stacks
            for c in stack
            if state.down[c]
        },
    }
