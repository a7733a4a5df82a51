"""A small game for the server tests: every seat picks a number each round, in secret.

It uses every part of the contract the server relies on: simultaneous turns (`to_act` holds
several seats), hidden information (each seat's secret and its pending pick), a deadline with
a timeout action (the engine's default `timeout_actions`), and the optional table hooks (late
join, leave, a host action).
"""

from __future__ import annotations

from cardtable.engine import Game, IllegalAction, Option, OptionSet, Result, everyone, only


class TinyState:
    def __init__(self, seats, rng, now, options):
        self.options = options
        self.scores = [0] * seats
        self.secrets = [rng.randrange(1000) for _ in range(seats)]
        self.picks: dict[int, int] = {}
        self.absent: set[int] = set()
        self.round = 1
        self.deadline = None
        self.ended = None
        self.rng = rng
        self._arm(now)

    def _arm(self, now):
        timer = self.options["timer"]
        self.deadline = None if timer is None else (now or 0.0) + timer


class TinyGame(Game):
    id = "tiny"
    title = "Tiny"
    min_seats = 2
    max_seats = 6
    option_set = OptionSet(
        (
            Option("target", "int", 5, "Points to win", min=1, max=10**6),
            Option("timer", "int", None, "Seconds per round", min=1, max=600, nullable=True),
            Option("lateJoin", "bool", False, "Late join"),
        ),
        {"default": {}, "quick": {"target": 2}},
    )
    host_actions = frozenset({"end"})

    def setup(self, options, seats, rng, now, decks):
        return TinyState(seats, rng, now, options)

    def seat_count(self, state):
        return len(state.scores)

    def to_act(self, state):
        if state.ended:
            return frozenset()
        return frozenset(
            s for s in range(len(state.scores)) if s not in state.picks and s not in state.absent
        )

    def legal(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "pick", "n": n} for n in (1, 2, 3)]

    def play(self, state, seat, action, now):
        kind = action["type"]
        if seat is None:
            return self._table_action(state, action, now)
        if kind != "pick":
            raise IllegalAction("unknown-action", f"no action {kind!r}")
        if seat not in self.to_act(state):
            raise IllegalAction("not-your-turn", "you already picked")
        n = action.get("n")
        if n not in (1, 2, 3) or isinstance(n, bool):
            raise IllegalAction("bad-pick", "pick 1, 2 or 3")
        state.picks[seat] = n
        events = [everyone("picked", seat=seat), only([seat], "you-picked", n=n)]
        if not self.to_act(state):
            events += self._close(state, now)
        return events

    def _table_action(self, state, action, now):
        kind = action["type"]
        if kind == "timeout":
            return self._close(state, now)
        if kind == "join":
            if not state.options["lateJoin"]:
                raise IllegalAction("no-late-join", "late join is off")
            state.scores.append(0)
            state.secrets.append(state.rng.randrange(1000))
            return [everyone("seat-added", seat=len(state.scores) - 1)]
        if kind == "skip":
            state.picks.setdefault(action["seat"], 0)
            return [everyone("skipped", seat=action["seat"])] + (
                [] if self.to_act(state) else self._close(state, now)
            )
        if kind == "leave":
            state.absent.add(action["seat"])
            events = [everyone("seat-left", seat=action["seat"])]
            if not self.to_act(state) and state.picks:
                events += self._close(state, now)
            return events
        if kind == "end":
            state.ended = "host"
            return [everyone("ended")]
        raise IllegalAction("unknown-action", f"no table action {kind!r}")

    def _close(self, state, now):
        for seat, n in state.picks.items():
            state.scores[seat] += n
        events = [everyone("round-over", picks={str(s): n for s, n in state.picks.items()})]
        state.picks = {}
        state.round += 1
        if max(state.scores) >= state.options["target"]:
            state.ended = "target"
            state.deadline = None
        else:
            state._arm(now)
        return events

    def join_action(self, state):
        return {"type": "join"} if state.options["lateJoin"] else None

    def skip_action(self, state, seat):
        return {"type": "skip", "seat": seat}

    def leave_action(self, state, seat):
        return {"type": "leave", "seat": seat}

    def deadline(self, state):
        return None if state.ended else state.deadline

    def public_view(self, state):
        return {
            "round": state.round,
            "scores": list(state.scores),
            "picked": sorted(state.picks),
            "deadline": state.deadline,
        }

    def seat_view(self, state, seat):
        return {"secret": state.secrets[seat], "pick": state.picks.get(seat)}

    def secret_view(self, state):
        return {}

    def result(self, state):
        if not state.ended:
            return None
        return Result.from_scores(state.ended, state.scores)

    def clone(self, state):
        twin = TinyState.__new__(TinyState)
        twin.__dict__.update(state.__dict__)
        twin.scores = list(state.scores)
        twin.secrets = list(state.secrets)
        twin.picks = dict(state.picks)
        twin.absent = set(state.absent)
        twin.rng = state.rng.copy()
        return twin


TINY = TinyGame()
