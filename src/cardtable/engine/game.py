"""The contract every game meets: metadata, a state it owns, and a few small methods.

A game is fully described by (game id, options, seats, seed, decks, [actions]); replaying them
gives the same state. `decks` is the card content a game deals from that is not its own (CAH's
decks, by id), handed over by the caller of `options` and `new`, never looked up by the game:
None means the game's own built-in content. Seat `None` in `apply` is the table itself
(timeouts, seats away, leaving or joining, the host ending the game); a game accepts only the
table actions it defines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import IllegalAction
from .events import Event
from .options import OptionSet
from .result import Result
from .rng import Rng

#: Decks a caller gives a game to deal from, by id (`cardtable.decks.Deck` values for CAH);
#: None: the game's built-in ones. Games whose cards are their own ignore them.
Decks = Mapping[str, Any] | None


def _options_key(options) -> tuple | None:
    """A hashable key for options made of hashable values, else None."""
    if options is None or isinstance(options, str):
        return (options,)
    if not isinstance(options, Mapping):
        return None
    try:
        key = tuple(sorted((k, v, type(v)) for k, v in options.items()))
        hash(key)
    except TypeError:
        return None
    return key


class _Omniscient:
    """The viewer who sees everything: for replays and tests, never for a player."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "OMNISCIENT"


OMNISCIENT = _Omniscient()


class Game:
    """Base class of every game. Subclasses set the metadata and implement the hooks below."""

    id: str = ""
    title: str = ""
    summary: str = ""
    min_seats: int = 2
    max_seats: int = 2
    #: The version of the rules, stamped on each game's start in a table's log: a change after
    #: which a logged game would replay differently bumps it, and a server running other rules
    #: then ends that game when it replays the log rather than replaying it wrong
    #: (table/lobby.py `start`).
    rules: str = "1"
    option_set: OptionSet = OptionSet(())

    # -- metadata -----------------------------------------------------------------------------

    @property
    def presets(self) -> tuple[str, ...]:
        return tuple(self.option_set.presets)

    def options(
        self, options: str | Mapping[str, Any] | None = None, decks: Decks = None
    ) -> dict[str, Any]:
        """Resolve a preset name or a dict of overrides, for a game dealing from `decks`;
        raises ValueError when they are bad (a deck they name that `decks` lacks, for CAH).

        Resolutions of hashable option sets with the built-in decks are remembered, since
        simulations start many games with the same options.
        """
        key = _options_key(options) if decks is None else None
        cache = self.__dict__.setdefault("_resolved", {})
        if key is not None and key in cache:
            return dict(cache[key])
        resolved = self.option_set.resolve(options)
        self.check_options(resolved, decks)
        if key is not None and len(cache) < 256:
            cache[key] = dict(resolved)
        return resolved

    def host_options(
        self, options: str | Mapping[str, Any] | None = None, decks: Decks = None
    ) -> dict[str, Any]:
        """`options` as a host chose them: as `options`, except that internal options (the
        table sets them between games) may only stay at their defaults; ValueError otherwise."""
        resolved = self.options(options, decks)
        defaults = self.option_set.defaults()
        for option in self.option_set.options:
            if option.internal and resolved[option.name] != defaults[option.name]:
                raise ValueError(f"option {option.name!r} is set by the table, not by its host")
        return resolved

    def check_options(self, options: dict[str, Any], decks: Decks) -> None:
        """Cross-option validation; raise ValueError. Resolved options arrive here, with the
        decks the game would deal from."""

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """Bounds on seats for resolved options (a preset or option may narrow them)."""
        return self.min_seats, self.max_seats

    def describe(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            **self.option_set.to_json(),
        }

    # -- lifecycle ----------------------------------------------------------------------------

    def new(
        self,
        options=None,
        seats: int | None = None,
        seed: int = 0,
        now: float = 0.0,
        decks: Decks = None,
    ):
        """A new game state, dealing from `decks`. Bad options or seat counts raise ValueError."""
        resolved = self.options(options, decks)
        low, high = self.seat_range(resolved)
        if seats is None:
            seats = low
        if isinstance(seats, bool) or not isinstance(seats, int) or not low <= seats <= high:
            raise ValueError(f"{self.id} takes {low} to {high} seats with these options")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("seed must be an integer")
        return self.setup(resolved, seats, Rng(seed), float(now), decks)

    def apply(self, state, seat: int | None, action: dict, now: float | None = None) -> list[Event]:
        """Apply one action for `seat` and return its events.

        Raises IllegalAction and leaves the state untouched when the action is not allowed.
        """
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("bad-action", "an action is an object with a string 'type'")
        if seat is not None and (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or not 0 <= seat < self.seat_count(state)
        ):
            raise IllegalAction("bad-seat", f"no seat {seat!r} at this game")
        if self.result(state) is not None:
            raise IllegalAction("game-over", "the game has ended")
        return self.play(state, seat, action, now)

    def view(self, state, seat) -> dict:
        """What `seat` may know: public + its own part. None: a spectator. OMNISCIENT: all."""
        if seat is None:
            return {"public": self.public_view(state)}
        if seat is OMNISCIENT:
            return {
                "public": self.public_view(state),
                "seats": {str(s): self.seat_view(state, s) for s in range(self.seat_count(state))},
                "secret": self.secret_view(state),
            }
        return {"public": self.public_view(state), "you": self.seat_view(state, seat)}

    def sight(self, state, seat: int) -> dict:
        """What a bot at `seat` reads: its view, or a part of it (some keys of `public` and of
        `you`) that a game builds for less, since a search bot's rollouts ask at every step.
        Never anything `view(state, seat)` does not hold."""
        return self.view(state, seat)

    def random_action(self, state, seat: int, rng) -> dict:
        """A uniformly random legal action; games with huge action lists sample directly."""
        return rng.choice(self.legal(state, seat))

    def determinize(self, state, seat: int, rng: Rng):
        """A full state that `seat` cannot tell from `state`, for search bots: every hidden
        card (and the game's own generator) dealt anew by `rng`, so that
        `view(sample, seat) == view(state, seat)`, every card is kept, and the sample depends
        only on what the seat may know and on `rng`, never on where the hidden cards really are.

        Optional. The default raises NotImplementedError, as does a game for a phase it cannot
        sample (a search bot then plays as its rollout policy): a game with no hidden
        information would return `self.clone(state)` with its generator reseeded; none of ours
        is one, so none is assumed to be."""
        raise NotImplementedError(f"{self.id} has no determinization")

    def deadline(self, state) -> float | None:
        """The game time at which the current wait times out, or None: no limit.

        When it passes, the table applies `timeout_actions`; when those are [], the table's
        autopilot moves each seat in `to_act` instead (one move each, logged as a concrete
        action, so replays stay exact). Nothing should wait for ever on a person, so a game
        gives every wait a deadline by default."""
        return None

    def timeout_actions(self, state) -> list[tuple[int | None, dict]]:
        """The (seat, action) pairs a timeout applies, in order.

        By default, whenever a `deadline` is set, the table action {"type": "timeout"}, which
        the game's `play` then handles (seat None). [] means the game has no timeout action of
        its own for this wait: when a `deadline` has passed, the table's autopilot moves the
        seats in `to_act` (a game whose every wait ends that way returns [] always). Play-outs
        (`engine.play_out`: bots, simulations, tests) apply these only when nobody is to act,
        so a wait that only a deadline with [] can end must never be one where nobody is to
        act."""
        return [] if self.deadline(state) is None else [(None, {"type": "timeout"})]

    def late_seats(self, state) -> frozenset[int]:
        """The seats that miss a deadline when it passes now (a table marks a seat that misses
        several in a row away): by default every seat in `to_act`. A wait whose answer is
        optional (a CSH reaction window) names none."""
        return self.to_act(state)

    # -- what a game tells the table that hosts it --------------------------------------------

    def next_options(self, options: dict[str, Any], result: Result, seat_moves: dict[int, int]):
        """The options of the next game at a table after a game that ended with `result`.

        `seat_moves` maps each seat of that game whose players sit down again to its seat in the
        next game (seats may be re-ordered between games). Default: the options unchanged.
        """
        return options

    #: Types of table actions (seat None) the host may send, e.g. ending the game.
    host_actions: frozenset[str] = frozenset()

    #: Whether tables may host this game: the lobby offers it and `games.ids()` lists it. The
    #: example game (`games/example`) is registered for the tests and the docs only.
    listed: bool = True

    #: Whether the rules may show one seat's private cards to another (CSH's P5 shows a hand),
    #: so that two seats' private parts hold the same card; the contract tests check that they
    #: never do in a game that does not.
    shared_private_cards: bool = False

    #: What a table does with a seat whose people are away: True, its autopilot (a bot)
    #: plays it until they come back (turn-based games); False, the game skips it
    #: (`skip_action`, as CAH skips an away player's answer).
    autopilot_away: bool = True

    def seat_capacity(self, options: dict[str, Any]) -> int:
        """How many people may share one seat (Team CAH: 2)."""
        return 1

    def join_action(self, state) -> dict | None:
        """The table action that adds a seat to a running game, or None: no late join now."""
        return None

    def leave_action(self, state, seat: int) -> dict | None:
        """The table action applied when everyone holding `seat` has left, or None: the table
        then plays the seat itself."""
        return None

    def skip_action(self, state, seat: int) -> dict | None:
        """The table action that stops waiting for an away `seat` at once (the seat stays in
        the game and plays on when it comes back), or None: the game waits for nothing from
        that seat now, or has no such action, and then the table's autopilot moves an away
        seat in `to_act`."""
        return None

    # -- hooks a game implements --------------------------------------------------------------

    def setup(self, options: dict[str, Any], seats: int, rng: Rng, now: float, decks: Decks):
        raise NotImplementedError

    def seat_count(self, state) -> int:
        raise NotImplementedError

    def to_act(self, state) -> frozenset[int]:
        raise NotImplementedError

    def legal(self, state, seat: int) -> list[dict]:
        raise NotImplementedError

    def affordances(self, state, seat: int) -> dict:
        """What `seat` may do now, compactly, in the game's own documented shape, built from
        the predicates `legal` uses: the seat's part of a view carries it as `can`, so the
        browser draws its controls from it and never re-derives a rule."""
        raise NotImplementedError

    def expand_affordances(self, view: dict) -> list[dict]:
        """The actions a seat's view (`{"public", "you"}`) affords through `you.can`: exactly
        `legal(state, seat)`, as a set, for the state and seat the view was taken of."""
        raise NotImplementedError

    def play(self, state, seat: int | None, action: dict, now: float | None) -> list[Event]:
        raise NotImplementedError

    def public_view(self, state) -> dict:
        raise NotImplementedError

    def seat_view(self, state, seat: int) -> dict:
        raise NotImplementedError

    def secret_view(self, state) -> dict:
        raise NotImplementedError

    def result(self, state) -> Result | None:
        raise NotImplementedError

    def clone(self, state):
        raise NotImplementedError
