"""The figures of a tally: every rate with its 95% interval and verdict (see `verdicts`),
per-card figures per copy, and the overall verdicts a designer reads first."""

from __future__ import annotations

from ...games.csh.catalog import CATALOG
from .stats import Interval, difference, wilson
from .tally import Tally
from .verdicts import Verdict, band, fair, judge_effect, judge_rate


def _estimate(interval: Interval, verdict: Verdict | None = None) -> dict:
    out: dict[str, float | str] = {
        "value": interval.value,
        "low": interval.low,
        "high": interval.high,
    }
    if verdict is not None:
        out["verdict"] = str(verdict)
    return out


def _rate(wins: float, trials: int, players: int) -> dict:
    interval = wilson(wins, trials).percent()
    return _estimate(interval, judge_rate(interval, players))


def overall(verdicts: list[str]) -> str:
    """All within: within; any outside: outside; else not enough games."""
    if all(v == Verdict.WITHIN for v in verdicts):
        return str(Verdict.WITHIN)
    if any(v == Verdict.OUTSIDE for v in verdicts):
        return str(Verdict.OUTSIDE)
    return str(Verdict.UNSURE)


def _card(tally: Tally, kind: str) -> dict:
    players, games_in = tally.players, tally.in_deck[kind]
    copies = CATALOG.by_id[kind].qty * games_in
    plays = tally.plays[kind]
    out: dict = {
        "plays_per_copy": plays / copies,
        "vp_per_copy": tally.vp[kind] / copies,
        "vp_per_play": tally.vp[kind] / plays if plays else 0.0,
        "mean_swing": tally.swing_sum[kind] / tally.resolved[kind] if tally.resolved[kind] else 0.0,
        "max_swing": tally.swing_max[kind],
    }
    if plays:
        out["canceled"] = _estimate(wilson(tally.canceled[kind], plays).percent())
        out["negated"] = _estimate(wilson(tally.negated[kind], plays).percent())
    with_, of_players = tally.seats_with[kind], tally.players_of[kind]
    if 0 < of_players < with_:
        effect = difference(
            tally.wins_of_players[kind],
            of_players,
            tally.wins_with[kind] - tally.wins_of_players[kind],
            with_ - of_players,
        ).percent()
        out["win_effect"] = _estimate(effect, judge_effect(effect, players))
    return out


def figures(tally: Tally) -> dict:
    """Everything the report shows, JSON-able: rates in percent with intervals and verdicts."""
    count, players = tally.games, tally.players
    by_seat = [_rate(w, count, players) for w in tally.wins_by_seat]
    by_position = [_rate(w, count, players) for w in tally.wins_by_position]
    by_directorship = {
        d: _rate(tally.wins_by_directorship[d], n, players) for d, n in sorted(tally.taken.items())
    }
    by_bot = {
        b: _rate(tally.wins_by_bot[b], n, players) for b, n in sorted(tally.seats_by_bot.items())
    }
    cards = {kind: _card(tally, kind) for kind in sorted(tally.in_deck, key=_order)}
    by_set: dict[str, list[float]] = {}
    for kind in cards:
        held = by_set.setdefault(CATALOG.by_id[kind].set, [0.0, 0.0])
        held[0] += tally.vp[kind]
        held[1] += tally.plays[kind]
    turns = sum(t * n for t, n in tally.turns.items()) / count
    return {
        "games": count,
        "players": players,
        "lineup": list(tally.lineup),
        "fair": fair(players),
        "band": band(players),
        "win_by_seat": by_seat,
        "win_by_position": by_position,
        "positions": overall([r["verdict"] for r in by_position]),
        "win_by_directorship": by_directorship,
        "directorships": overall([r["verdict"] for r in by_directorship.values()]),
        "win_by_bot": by_bot,
        "total_by_position": [t / count for t in tally.totals_by_position],
        "total_by_directorship": {
            d: tally.totals_by_directorship[d] / n for d, n in sorted(tally.taken.items())
        },
        "vp_per_play_by_set": {s: vp / n for s, (vp, n) in sorted(by_set.items()) if n},
        "mean_turns": turns,
        "turns_histogram": {str(t): n for t, n in sorted(tally.turns.items())},
        "mean_rounds": turns / players,
        "mean_decisions": tally.decisions / count,
        "shared_wins": 100.0 * tally.ties / count,
        "draws": 100.0 * tally.draws / count,
        "mean_winning_total": sum(t * n for t, n in tally.winning_totals.items()) / count,
        "election": _election(tally),
        "cards": cards,
    }


def _election(tally: Tally) -> list[dict]:
    """Per position that drew the Election: how often, and each position's win rate then
    (the seed ends the game at once when the starting player drew it, CSH-16)."""
    count, players = tally.games, tally.players
    out = []
    for drawer in range(players):
        games = tally.drawn_by[drawer]
        wins = [tally.wins_after_draw[f"{drawer}:{p}"] for p in range(players)]
        out.append(
            {
                "share": _estimate(wilson(games, count).percent()),
                "win_by_position": [_rate(w, games, players) for w in wins] if games else [],
            }
        )
    return out


def _order(kind: str) -> int:
    return CATALOG.by_id[kind].index
