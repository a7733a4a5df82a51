"""The balance report as files: report.md (verdicts first, then tables with 95% intervals),
figures.json, and PNG charts with the intervals as error bars and the fairness band shaded.

The first lineup of bots is the main one; further lineups (the bot-strength axis) are compared
by turn position and by bot.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...games.csh.catalog import CATALOG
from .figures import figures
from .tally import Tally
from .verdicts import BAND_POINTS

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


def _ci(estimate: dict, unit: str = "%", signed: bool = False) -> str:
    sign = "+" if signed else ""
    return (
        f"{estimate['value']:{sign}.1f}{unit} "
        f"[{estimate['low']:{sign}.1f}, {estimate['high']:{sign}.1f}]"
    )


def _row(cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _lineup(result: dict) -> str:
    names = result["lineup"]
    return names[0] if len(set(names)) == 1 else ",".join(names)


def _errors(estimates: list[dict]) -> list[list[float]]:
    """Error bar lengths below and above each value."""
    return [
        [e["value"] - e["low"] for e in estimates],
        [e["high"] - e["value"] for e in estimates],
    ]


def _bars(axis, labels, estimates, fair, band, title):
    values = [e["value"] for e in estimates]
    errors = _errors(estimates)
    colours = [
        {"within the band": "#1f77b4", "outside the band": "#d62728"}.get(
            e.get("verdict", ""), "#ff7f0e"
        )
        for e in estimates
    ]
    axis.bar(labels, values, color=colours, yerr=errors, capsize=3)
    axis.axhline(fair, color="black", linewidth=1, label=f"fair {fair:.1f}%")
    axis.axhspan(
        fair - band, fair + band, color="#2ca02c", alpha=0.12, label=f"fair ± {band:.1f} points"
    )
    axis.set_title(title)
    axis.set_ylabel("win rate (%), 95% interval")
    axis.set_ylim(0, max(fair + band, *(e["high"] for e in estimates)) * 1.2)
    axis.legend(loc="upper right", fontsize=8, ncol=2)


def charts(result: dict, out: Path) -> list[str]:
    """Write the PNG charts into `out`; return their file names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fair, band, players = result["fair"], result["band"], result["players"]
    names = []
    figure, axes = plt.subplots(1, 3, figsize=(17, 5), gridspec_kw={"width_ratios": [1, 1, 2]})
    _bars(axes[0], [str(s) for s in range(players)], result["win_by_seat"], fair, band, "By seat")
    _bars(
        axes[1],
        [str(p + 1) for p in range(players)],
        result["win_by_position"],
        fair,
        band,
        "By turn position (1 = starting player)",
    )
    taken = result["win_by_directorship"]
    _bars(axes[2], list(taken), list(taken.values()), fair, band, "By directorship taken")
    figure.suptitle(
        f"CSH, {players} players, {result['games']} games, bots {_lineup(result)} "
        "(blue: within the band, red: outside, orange: not enough games)"
    )
    figure.tight_layout()
    names.append("win_rates.png")
    figure.savefig(out / names[-1], dpi=110)

    figure, axes = plt.subplots(1, 2, figsize=(14, 5))
    histogram = {int(k): v for k, v in result["turns_histogram"].items()}
    axes[0].bar(list(histogram), list(histogram.values()), color="#8c564b")
    axes[0].set_title(f"Game length (mean {result['mean_turns']:.1f} turns)")
    axes[0].set_xlabel("turns in the game")
    by_set = result["vp_per_play_by_set"]
    axes[1].bar(list(by_set), list(by_set.values()), color=[SET_COLOURS[s] for s in by_set])
    axes[1].set_title("VP held at the end per card played, by set")
    figure.tight_layout()
    names.append("length_and_sets.png")
    figure.savefig(out / names[-1], dpi=110)

    cards = result["cards"]
    order = list(cards)[::-1]
    labels = [f"{k} {CATALOG.by_id[k].name}" for k in order]
    colours = [SET_COLOURS.get(CATALOG.by_id[k].set, "#8c8c8c") for k in order]
    figure, axes = plt.subplots(1, 2, figsize=(15, 0.24 * len(order) + 2), sharey=True)
    axes[0].barh(labels, [cards[k]["plays_per_copy"] for k in order], color=colours)
    axes[0].set_title("Times each copy is played per game")
    effects = [cards[k].get("win_effect", {"value": 0.0, "low": 0.0, "high": 0.0}) for k in order]
    axes[1].barh(
        labels,
        [e["value"] for e in effects],
        xerr=_errors(effects),
        color=colours,
        capsize=2,
    )
    axes[1].axvspan(-band, band, color="#2ca02c", alpha=0.12)
    axes[1].set_title("Win rate of seats that played a copy minus the others' (points)")
    for axis in axes:
        axis.grid(axis="x", alpha=0.3)
        axis.tick_params(axis="y", labelsize=8)
    figure.tight_layout()
    names.append("cards.png")
    figure.savefig(out / names[-1], dpi=100)
    plt.close("all")
    return names


def _seat_tables(result: dict) -> list[str]:
    players = result["players"]
    return [
        _row(["", *(str(p) for p in range(1, players + 1))]),
        _row(["---"] * (players + 1)),
        _row(["win rate by seat (seat 0 first)", *(_ci(r) for r in result["win_by_seat"])]),
        _row(["verdict", *(r["verdict"] for r in result["win_by_seat"])]),
        _row(["win rate by turn position", *(_ci(r) for r in result["win_by_position"])]),
        _row(["verdict", *(r["verdict"] for r in result["win_by_position"])]),
        _row(
            ["mean Archive total by position", *(f"{t:.1f}" for t in result["total_by_position"])]
        ),
    ]


def _election_rows(result: dict) -> list[str]:
    """Who drew the Election, and how each position fared in those games."""
    players = result["players"]
    rows = [
        "Win rate by turn position, by the position that drew the Election (the game ends "
        "when the starting player's turn would come round, so position 1 takes one more turn "
        "than the others when it drew it, CSH-16):",
        "",
        _row(["drew the Election", "games", *(f"position {p}" for p in range(1, players + 1))]),
        _row(["---"] * (players + 2)),
    ]
    for drawer, part in enumerate(result["election"]):
        if part["win_by_position"]:
            rows.append(
                _row(
                    [
                        f"position {drawer + 1}",
                        _ci(part["share"]),
                        *(_ci(r) for r in part["win_by_position"]),
                    ]
                )
            )
    return rows


def _card_rows(result: dict) -> list[str]:
    rows = [
        _row(
            [
                "card",
                "name",
                "played per copy",
                "canceled",
                "negated",
                "win effect (points)",
                "verdict",
                "VP per play",
                "swing mean / max",
            ]
        ),
        _row(["---"] * 9),
    ]
    for kind, card in result["cards"].items():
        effect = card.get("win_effect")
        rows.append(
            _row(
                [
                    kind,
                    CATALOG.by_id[kind].name,
                    f"{card['plays_per_copy']:.2f}",
                    _ci(card["canceled"]) if "canceled" in card else "—",
                    _ci(card["negated"]) if "negated" in card else "—",
                    _ci(effect, "", signed=True) if effect else "—",
                    effect["verdict"] if effect else "—",
                    f"{card['vp_per_play']:.2f}",
                    f"{card['mean_swing']:.2f} / {card['max_swing']}",
                ]
            )
        )
    return rows


def _strength(results: list[dict]) -> list[str]:
    """The bot-strength axis: the same table under each lineup, and each bot's win rate."""
    players = results[0]["players"]
    lines = [
        "## Bot strength",
        "",
        "The same games under other bots: does the verdict on turn position hold?",
        "",
        _row(["bots", "games", *(f"position {p}" for p in range(1, players + 1)), "verdict"]),
        _row(["---"] * (players + 3)),
    ]
    for result in results:
        lines.append(
            _row(
                [
                    _lineup(result),
                    result["games"],
                    *(_ci(r) for r in result["win_by_position"]),
                    result["positions"],
                ]
            )
        )
    mixed = [r for r in results if len(r["win_by_bot"]) > 1]
    if mixed:
        lines += ["", _row(["bots", "bot", "win rate per seat it held"]), _row(["---"] * 3)]
        for result in mixed:
            for bot, rate in result["win_by_bot"].items():
                lines.append(_row([_lineup(result), bot, _ci(rate)]))
    return [*lines, ""]


def markdown(
    results: list[dict], command: str, chart_names: list[str], merged: list[str] = ()
) -> str:
    """The report as markdown: the verdicts, the tables, the charts. `merged`: the commands
    that played the games of a report merged from others (pieces.py), each with its seeds."""
    main = results[0]
    fair, band, players = main["fair"], main["band"], main["players"]
    lines = [
        f"# CSH balance report: {players} players, {main['games']} games",
        "",
        f"Command: `{command}`",
        "",
    ]
    if merged:
        lines += ["Merged from the games of:", "", *(f"* `{c}`" for c in merged), ""]
    lines += [
        f"Bots: {_lineup(main)}. Shared wins are split evenly, so fair is {fair:.1f}% per seat. "
        f"The fairness band is {BAND_POINTS:.0f}/players points either side of fair "
        f"(here ±{band:.1f}: {fair - band:.1f}% to {fair + band:.1f}%). Every figure in "
        "brackets is a 95% interval (Wilson for rates; Newcombe's score interval for a "
        "difference of rates). A verdict is *within the band* only when the whole interval "
        "is, *outside* when the whole interval is beyond an edge, and *not enough games* when "
        "it straddles an edge.",
        "",
        f"* Turn positions: **{main['positions']}**.",
        f"* Directorships (the chooser's win rate): **{main['directorships']}**.",
        f"* Mean game: {main['mean_turns']:.1f} turns ({main['mean_rounds']:.1f} rounds), "
        f"{main['mean_decisions']:.0f} decisions; winning total "
        f"{main['mean_winning_total']:.1f} VP; shared wins in "
        f"{main['shared_wins']:.1f}% of games (every player tied in {main['draws']:.1f}%).",
        "",
        "## Seats",
        "",
        *_seat_tables(main),
        "",
        *_election_rows(main),
        "",
        "## Directorships",
        "",
        _row(["directorship", "chooser's win rate", "verdict", "chooser's mean total"]),
        _row(["---"] * 4),
        *(
            _row([d, _ci(rate), rate["verdict"], f"{main['total_by_directorship'][d]:.1f}"])
            for d, rate in main["win_by_directorship"].items()
        ),
        "",
        "VP held at the end per card played, by set: "
        + ", ".join(f"{s} {v:.2f}" for s, v in main["vp_per_play_by_set"].items())
        + ".",
        "",
        *(_strength(results) if len(results) > 1 else []),
        "## Cards",
        "",
        "Per copy and per game in which the card's set was in the deck. *Canceled* and "
        "*negated*: the share of its plays that a Cancel flipped or a Spending Presentation "
        "negated. *Win effect*: the win rate of seats that played at least one copy minus that "
        "of the seats that did not, in the same games, judged against 0 ± the band (seats "
        "that play more cards win more, so most cards read a little positive). *Swing*: VP "
        "its effects moved between Archives, summed over all players, per resolved play.",
        "",
        *_card_rows(main),
        "",
        "## Charts",
        "",
        *(f"![{name}]({name})" for name in chart_names),
        "",
    ]
    return "\n".join(lines)


def write_report(
    tallies: list[Tally], out: Path, command: str, merged: list[str] = ()
) -> list[dict]:
    """Write report.md, figures.json and the charts into `out` for the main lineup (first)
    and the others; return the figures of each. `merged`: as `markdown` takes it."""
    out.mkdir(parents=True, exist_ok=True)
    results = [figures(tally) for tally in tallies]
    (out / "figures.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    names = charts(results[0], out)
    (out / "report.md").write_text(markdown(results, command, names, merged), encoding="utf-8")
    return results
