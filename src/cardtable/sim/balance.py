"""The balance report for CSH: many bot games, summarised as figures, a markdown note and charts.

It measures win shares (a shared win counts 1/k to each of k co-winners, so fair is 1/players)
by seat, by turn position (position 1 is the starting player, CSH-3) and by the directorship a
seat took; Archive totals; game length; and for each card type how often it is played and how
much Voting Power it holds at the end. Games run in worker processes; each returns a partial
`Tally` that the parent merges.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path

from .. import bots, games
from ..engine import OMNISCIENT
from .runner import play_game
from .workers import done_in_parts

GAME_ID = "csh"
FAIR_BAND = 5.0  # points of win rate allowed either side of fair (issue 8)
CHUNK = 50  # games per worker task


@dataclass
class Tally:
    """Sums over a set of finished games; `merge` adds another tally."""

    players: int
    games: int = 0
    wins_by_seat: list[float] = field(default_factory=list)
    wins_by_position: list[float] = field(default_factory=list)
    totals_by_position: list[float] = field(default_factory=list)
    taken: Counter = field(default_factory=Counter)  # directorship -> seats that took it
    wins_by_directorship: Counter = field(default_factory=Counter)
    totals_by_directorship: Counter = field(default_factory=Counter)
    turns: Counter = field(default_factory=Counter)  # turns per game -> games
    decisions: int = 0
    ties: int = 0
    draws: int = 0
    winning_totals: Counter = field(default_factory=Counter)
    plays: Counter = field(default_factory=Counter)  # card type -> times played
    vp: Counter = field(default_factory=Counter)  # card type -> VP held at the end
    in_deck: Counter = field(default_factory=Counter)  # card type -> games it was in the deck

    def __post_init__(self):
        for name in ("wins_by_seat", "wins_by_position", "totals_by_position"):
            if not getattr(self, name):
                setattr(self, name, [0.0] * self.players)

    def merge(self, other: Tally) -> None:
        for name in (f.name for f in fields(self) if f.name != "players"):
            mine, theirs = getattr(self, name), getattr(other, name)
            if isinstance(mine, Counter):
                mine.update(theirs)
            elif isinstance(mine, list):
                for index, value in enumerate(theirs):
                    mine[index] += value
            else:
                setattr(self, name, mine + theirs)


def _faces(view) -> dict[int, str]:
    """Card id -> card type id, from every face shown anywhere in an omniscient view."""
    found: dict[int, str] = {}
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "id" in item and "card" in item:
                found[item["id"]] = item["card"]
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    for card, kind in view["secret"]["face_down"].items():
        found[int(card)] = kind
    return found


def _count_game(tally: Tally, game, played) -> None:
    result, players = played.result, tally.players
    start, chosen = result.detail["start"], result.detail["directorships"]
    winners = result.winners
    share = 1.0 / len(winners) if winners else 0.0  # a draw is nobody's win
    tally.games += 1
    tally.decisions += played.decisions
    tally.ties += len(winners) > 1
    tally.draws += result.draw
    tally.turns[result.detail["turns"]] += 1
    tally.winning_totals[int(max(result.scores))] += 1
    for seat, score in enumerate(result.scores):
        position = (seat - start) % players
        won = share if seat in result.winners else 0.0
        tally.wins_by_seat[seat] += won
        tally.wins_by_position[position] += won
        tally.totals_by_position[position] += score
        tally.taken[chosen[seat]] += 1
        tally.wins_by_directorship[chosen[seat]] += won
        tally.totals_by_directorship[chosen[seat]] += score
    view = game.view(played.state, OMNISCIENT)
    faces = _faces(view)
    tally.in_deck.update(set(faces.values()))
    for _, action, _ in played.actions:
        if action["type"] == "play":
            tally.plays[faces[action["cards"][0]]] += len(action["cards"])
        elif action["type"] == "react":
            tally.plays[faces[action["card"]]] += 1
    for archive in view["public"]["archives"]:
        for stack in archive["stacks"]:
            for card in stack:
                if "vp" in card:
                    tally.vp[card["card"]] += card["vp"]


def play_chunk(task: tuple) -> Tally:
    """Play games `seeds` (a worker's share) and tally them."""
    options, players, bot_names, seeds = task
    game = games.get(GAME_ID)
    seats = [bots.get(name, GAME_ID) for name in bot_names]
    tally = Tally(players)
    for seed in seeds:
        _count_game(tally, game, play_game(game, options, players, seed, seats, record=True))
    return tally


def run(
    players: int,
    count: int,
    options: dict,
    bot_names: list[str],
    seed: int = 1,
    workers: int = 2,
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """Play `count` games on `workers` processes and return the merged tally."""
    games.get(GAME_ID).new(options, seats=players, seed=seed)  # bad options fail here, once
    tasks = [
        (options, players, bot_names, range(first, min(first + CHUNK, seed + count)))
        for first in range(seed, seed + count, CHUNK)
    ]
    total = Tally(players)
    for part in done_in_parts(play_chunk, tasks, workers):
        total.merge(part)
        if progress:
            progress(part.games)
    return total


# -- the figures ------------------------------------------------------------------------------


def figures(tally: Tally) -> dict:
    """Rates in percent, means per game, and whether the issue 8 targets are met."""
    games_played, players = tally.games, tally.players
    fair = 100.0 / players
    by_seat = [100.0 * w / games_played for w in tally.wins_by_seat]
    by_position = [100.0 * w / games_played for w in tally.wins_by_position]
    by_directorship = {
        d: 100.0 * tally.wins_by_directorship[d] / n for d, n in sorted(tally.taken.items())
    }
    worst_seat = max(abs(r - fair) for r in by_seat + by_position)
    worst_raise = max(r - fair for r in by_directorship.values())
    cards = {
        kind: {
            "plays_per_game": tally.plays[kind] / tally.in_deck[kind],
            "vp_per_game": tally.vp[kind] / tally.in_deck[kind],
            "vp_per_play": tally.vp[kind] / tally.plays[kind] if tally.plays[kind] else 0.0,
        }
        for kind in sorted(tally.in_deck)
        if kind != "ELECTION"
    }
    turns = sum(t * n for t, n in tally.turns.items()) / games_played
    return {
        "games": games_played,
        "players": players,
        "fair": fair,
        "win_by_seat": by_seat,
        "win_by_position": by_position,
        "win_by_directorship": by_directorship,
        "total_by_position": [t / games_played for t in tally.totals_by_position],
        "total_by_directorship": {
            d: tally.totals_by_directorship[d] / n for d, n in sorted(tally.taken.items())
        },
        "mean_turns": turns,
        "turns_histogram": {str(t): n for t, n in sorted(tally.turns.items())},
        "mean_rounds": turns / players,
        "mean_decisions": tally.decisions / games_played,
        "shared_wins": 100.0 * tally.ties / games_played,
        "draws": 100.0 * tally.draws / games_played,
        "mean_winning_total": sum(t * n for t, n in tally.winning_totals.items()) / games_played,
        "cards": cards,
        "worst_seat_gap": worst_seat,
        "worst_directorship_raise": worst_raise,
        "seats_fair": worst_seat <= FAIR_BAND,
        "directorships_fair": worst_raise <= FAIR_BAND,
    }


# -- the report -------------------------------------------------------------------------------

SET_COLOURS = {
    "base": "#8c8c8c",
    "evals": "#1f77b4",
    "socials": "#e377c2",
    "pr": "#ff7f0e",
    "rnd": "#2ca02c",
    "opcomm": "#17becf",
    "history": "#8c564b",
    "financials": "#bcbd22",
    "imps": "#d62728",
}


def _bars(axis, labels, values, fair, title, ylabel="win rate (%)"):
    colours = ["#d62728" if abs(v - fair) > FAIR_BAND else "#1f77b4" for v in values]
    axis.bar(labels, values, color=colours)
    axis.axhline(fair, color="black", linewidth=1, label=f"fair {fair:.1f}%")
    axis.axhspan(
        fair - FAIR_BAND,
        fair + FAIR_BAND,
        color="#2ca02c",
        alpha=0.12,
        label=f"fair ± {FAIR_BAND:.0f} points",
    )
    for index, value in enumerate(values):
        axis.text(index, value + 0.4, f"{value:.1f}", ha="center", fontsize=9)
    axis.set_title(title)
    axis.set_ylabel(ylabel)
    axis.set_ylim(0, max(fair + FAIR_BAND, *values) * 1.2)
    axis.legend(loc="upper right", fontsize=8, ncol=2)


def charts(result: dict, out: Path) -> list[str]:
    """Write the PNG charts into `out`; return their file names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ..games.csh.catalog import CATALOG

    fair, players = result["fair"], result["players"]
    names = []

    figure, axes = plt.subplots(1, 3, figsize=(17, 5), gridspec_kw={"width_ratios": [1, 1, 2]})
    seats = [str(s) for s in range(players)]
    _bars(axes[0], seats, result["win_by_seat"], fair, "Win rate by seat")
    axes[0].set_xlabel("seat")
    _bars(
        axes[1],
        [str(p + 1) for p in range(players)],
        result["win_by_position"],
        fair,
        "Win rate by turn position",
    )
    axes[1].set_xlabel("position in turn order (1 = starting player)")
    taken = result["win_by_directorship"]
    _bars(axes[2], list(taken), list(taken.values()), fair, "Win rate by directorship taken")
    figure.suptitle(f"CSH, {players} players, {result['games']} games (shared wins split evenly)")
    figure.tight_layout()
    names.append("win_rates.png")
    figure.savefig(out / names[-1], dpi=110)

    figure, axes = plt.subplots(1, 3, figsize=(17, 5), gridspec_kw={"width_ratios": [1, 2, 2]})
    totals = result["total_by_position"]
    axes[0].bar([str(p + 1) for p in range(players)], totals, color="#1f77b4")
    axes[0].set_title("Mean Archive total by turn position")
    axes[0].set_xlabel("position (1 = starting player)")
    by_directorship = result["total_by_directorship"]
    axes[1].bar(
        list(by_directorship),
        list(by_directorship.values()),
        color=[SET_COLOURS[d] for d in by_directorship],
    )
    axes[1].set_title("Mean Archive total of the seat that took each directorship")
    for axis, values in ((axes[0], totals), (axes[1], list(by_directorship.values()))):
        axis.set_ylabel("VP")
        for index, value in enumerate(values):
            axis.text(index, value + 0.2, f"{value:.1f}", ha="center", fontsize=9)
    histogram = {int(k): v for k, v in result["turns_histogram"].items()}
    axes[2].bar(list(histogram), list(histogram.values()), color="#8c564b")
    axes[2].axvline(
        result["mean_turns"],
        color="black",
        linewidth=1,
        label=f"mean {result['mean_turns']:.1f} turns",
    )
    axes[2].set_title("Game length")
    axes[2].set_xlabel("turns in the game (games end as a round ends: the peaks)")
    axes[2].set_ylabel("games")
    axes[2].legend()
    figure.tight_layout()
    names.append("totals_and_length.png")
    figure.savefig(out / names[-1], dpi=110)

    cards = result["cards"]
    order = [t.id for t in CATALOG.types if t.id in cards][::-1]
    labels = [f"{k} {CATALOG.by_id[k].name}" for k in order]
    colours = [SET_COLOURS.get(CATALOG.by_id[k].set, "#8c8c8c") for k in order]
    figure, axes = plt.subplots(1, 2, figsize=(15, 0.24 * len(order) + 2), sharey=True)
    axes[0].barh(labels, [cards[k]["plays_per_game"] for k in order], color=colours)
    axes[0].set_title("Times played per game (when in the deck)")
    axes[1].barh(labels, [cards[k]["vp_per_game"] for k in order], color=colours)
    axes[1].axvline(0, color="black", linewidth=0.8)
    axes[1].set_title("VP it holds in Archives at the end, per game")
    for axis in axes:
        axis.grid(axis="x", alpha=0.3)
        axis.tick_params(axis="y", labelsize=8)
    figure.tight_layout()
    names.append("cards.png")
    figure.savefig(out / names[-1], dpi=100)
    plt.close("all")
    return names


def _row(cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def markdown(result: dict, command: str, chart_names: list[str]) -> str:
    """The report as markdown: the targets, the tables, the charts."""
    from ..games.csh.catalog import CATALOG

    fair, players = result["fair"], result["players"]
    verdict = {True: "met", False: "NOT met"}
    lines = [
        f"# CSH balance report: {players} players, {result['games']} games",
        "",
        f"Command: `{command}`",
        "",
        "Win rates split shared wins evenly, so fair is "
        f"{fair:.1f}% per seat. Position 1 is the starting player.",
        "",
        f"* Seats and turn positions within {FAIR_BAND:.0f} points of fair: "
        f"**{verdict[result['seats_fair']]}** (largest gap "
        f"{result['worst_seat_gap']:.1f} points).",
        f"* No directorship raises its chooser's win rate by more than {FAIR_BAND:.0f} "
        f"points: **{verdict[result['directorships_fair']]}** (largest raise "
        f"{result['worst_directorship_raise']:+.1f} points).",
        f"* Mean game: {result['mean_turns']:.1f} turns ({result['mean_rounds']:.1f} rounds), "
        f"{result['mean_decisions']:.0f} decisions; winning total "
        f"{result['mean_winning_total']:.1f} VP; shared wins in "
        f"{result['shared_wins']:.1f}% of games, draws in {result['draws']:.1f}%.",
        "",
        "## Seats",
        "",
        _row(["seat / position", *range(1, players + 1)]),
        _row(["---"] * (players + 1)),
        _row(["win rate by seat (seat 0 first)", *(f"{r:.1f}%" for r in result["win_by_seat"])]),
        _row(["win rate by turn position", *(f"{r:.1f}%" for r in result["win_by_position"])]),
        _row(
            ["mean Archive total by position", *(f"{t:.1f}" for t in result["total_by_position"])]
        ),
        "",
        "## Directorships",
        "",
        _row(["directorship", "chooser's win rate", "vs fair", "chooser's mean total"]),
        _row(["---"] * 4),
        *(
            _row(
                [
                    d,
                    f"{rate:.1f}%",
                    f"{rate - fair:+.1f}",
                    f"{result['total_by_directorship'][d]:.1f}",
                ]
            )
            for d, rate in result["win_by_directorship"].items()
        ),
        "",
        "## Cards",
        "",
        "Per game in which the card's set was in the deck.",
        "",
        _row(["card", "name", "played", "VP held at the end", "VP per play"]),
        _row(["---"] * 5),
        *(
            _row(
                [
                    k,
                    CATALOG.by_id[k].name,
                    f"{c['plays_per_game']:.2f}",
                    f"{c['vp_per_game']:.2f}",
                    f"{c['vp_per_play']:.2f}",
                ]
            )
            for k, c in sorted(
                result["cards"].items(), key=lambda item: CATALOG.by_id[item[0]].index
            )
        ),
        "",
        "## Charts",
        "",
        *(f"![{name}]({name})" for name in chart_names),
        "",
    ]
    return "\n".join(lines)


def write_report(tally: Tally, out: Path, command: str) -> dict:
    """Write report.md, figures.json and the charts into `out`; return the figures."""
    out.mkdir(parents=True, exist_ok=True)
    result = figures(tally)
    (out / "figures.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    names = charts(result, out)
    (out / "report.md").write_text(markdown(result, command, names), encoding="utf-8")
    return result
