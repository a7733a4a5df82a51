"""Property tests over real random CSH games: cards conserved, every game ends, no view shows a
card its viewer may not see, and without PR no two seats share a private card (the engine
contract over every preset is tests/games/test_contract.py's)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import Choose, Ending, Rng, Step, play_out
from cardtable.games.csh import GAME
from cardtable.games.csh.state import Phase
from game_contract import card_ids, play_checked

DIRECTORSHIPS = [d["id"] for d in GAME.describe()["directorships"]]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _places(state) -> list[int]:
    """Every card id, once per place it is in."""
    cards = [*state.deck, *state.discard]
    cards += [c for hand in state.hands for c in hand]
    cards += [c for archive in state.archives for stack in archive for c in stack]
    if state.election_drawn:
        cards.append(state.election)
    return cards


def _check_conserved(state) -> None:
    places = _places(state)
    assert sorted(places) == list(range(len(state.type_of))), "a card is lost or doubled"


def _check_no_leak(state) -> None:
    """Each seat's part holds only its hand, the top cards it has seen, and cards a choice of
    its own shows it; the public part only Archive, discard, Election and played cards, with
    no face on a face-down card."""
    public = GAME.view(state, None)["public"]
    in_archives = {c for archive in state.archives for stack in archive for c in stack}
    shown = in_archives | set(state.discard) | ({state.election} if state.election_drawn else set())
    played = {c for frame in state.stack for c in frame.cards}
    assert card_ids(public) <= shown | played
    down = {c for c in in_archives if state.down[c]}
    for item in _dicts(public):
        if item.get("id") in down:
            assert "card" not in item, "a canceled card's face is public"
    for seat in range(state.seats):
        mine = card_ids(GAME.view(state, seat)["you"])
        allowed = set(state.hands[seat])
        allowed |= set(state.deck[len(state.deck) - max(state.peek[seat], 0) :])
        choice = state.choice
        if state.phase is Phase.CHOICE and choice.seat == seat:
            for option in choice.options:
                allowed |= set(option) if isinstance(option, tuple) else {option}
        assert mine <= allowed, f"seat {seat} sees {sorted(mine - allowed)}"


def _dicts(value):
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _random_game(options, seats: int, seed: int) -> int:
    """Play a random game checking conservation and leaks after every action; its steps."""
    state = GAME.new(options, seats=seats, seed=seed)
    _check_conserved(state)

    def check(_: Step) -> None:
        _check_conserved(state)
        _check_no_leak(state)

    choose = _first_seat_at_random(Rng(seed))
    outcome = play_out(GAME, state, choose, max_steps=5000, clock=None, on_step=check)
    assert outcome.ending is Ending.FINISHED, "the game did not end"
    return outcome.steps


def _first_seat_at_random(rng: Rng) -> Choose:
    """A `Choose`: the first seat `to_act` yields makes a random legal action."""

    def choose(state, acting: frozenset[int]) -> tuple[int, dict]:
        seat = next(iter(acting))
        return seat, rng.choice(GAME.legal(state, seat))

    return choose


@SETTINGS
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 8))
def test_random_games_conserve_cards_leak_nothing_and_end(seed, seats):
    chosen = Rng(seed).sample(DIRECTORSHIPS, seats)
    assert _random_game({"directorships": chosen}, seats, seed) > 0


def test_games_without_pr_share_no_private_card_between_seats():
    for seed in range(4):
        chosen = [d for d in DIRECTORSHIPS if d != "pr"][: 3 + seed]
        play_checked(
            GAME, {"directorships": chosen}, len(chosen), seed, check_every=2, allow_shared=False
        )


def test_every_primitive_and_ruling_path_comes_up_in_random_games():
    """The random games above reach every effect: so they exercise all the card data."""
    seen: set[str] = set()
    for seed in range(40):
        state = GAME.new({"directorships": DIRECTORSHIPS}, seats=8, seed=seed)

        def note(step: Step) -> None:
            seen.update(event.type for events in step.events for event in events)

        choose = _first_seat_at_random(Rng(seed))
        play_out(GAME, state, choose, max_steps=5000, clock=None, on_step=note)
    expected = {
        "drew",
        "discarded",
        "stole",
        "card-taken",
        "hands-swapped",
        "hands-passed",
        "extra-actions",
        "actions-lost",
        "turn-to-skip",
        "turn-skipped",
        "extra-turn",
        "next-chosen",
        "milled",
        "deck-reordered",
        "recovered",
        "left-archive",
        "token-added",
        "archive-swap",
        "uncanceled",
        "retriggered",
        "coin-flipped",
        "canceled",
        "negated",
        "election-drawn",
        "out-of-cards",
        "game-ended",
    }
    assert expected <= seen, sorted(expected - seen)
