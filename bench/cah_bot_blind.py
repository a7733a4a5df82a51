"""A blind test of the CAH bot's sense of fit (issue 25): does a judge who does not know which
is which prefer the bot's answers to random ones, and does the Czar bot pick what the judge
picks more often than chance?

Items are drawn with a fixed seed from our built-in decks:

- P items (players, Pick 1 black cards): a black card and a hand of 10 white cards from the
  same deck. The bot's answer (the best fit, as `bots.cah` plays it without its occasional
  runner-up) is shown beside a random other card of the same hand, in random order, as A and B.
- C items (Czar): a black card and 4 answers from its deck, without any bot's pick shown. In
  the first rounds the judge picked the best answer; in a ranked round the judge ranks all
  four, best first ("C01 3142"), and some items are Pick 2 black cards, each answer two cards
  in order. Each scorer (the bot's: the model's fit made specific to the prompt; the model's
  raw cosine; the shared-words fallback) is then compared with the judge by a rank from 1 to
  4: in a ranked round the judge's rank of the scorer's pick, before that the scorer's rank
  of the judge's pick. A random Czar scores 2.5 on average and agrees one time in 4 (rank 1).

A round is a folder holding its sheet and the judge's file; the judge writes the judgements
between drawing the sheet and scoring it, without looking at anything else:

    uv run python bench/cah_bot_blind.py sheet bench/cah_blind/minilm-2027 --seed 2027
    (the judge writes minilm-2027/judgements.txt: "P01 A", "C01 3", ...; "=" for no pick)
    uv run python bench/cah_bot_blind.py sheet bench/cah_blind/ranked-2028 --seed 2028 \
        --ranked --czars 120 --pick2 20     (the judge writes "C01 3142", ...)
    uv run python bench/cah_bot_blind.py score bench/cah_blind/minilm-*    # each, and pooled

The sheet shows texts only: no score, no key, and the key is never written down. `score`
draws the items again from the seed on the sheet's first line and checks that they are the
sheet's, so a sheet drawn by another model (wordllama-dev/, the first round, with the
WordLlama model, kept as a record) is refused. A sheet names the scorer that chose its
players' answers (before ranked rounds: the model's raw cosine), so it stays scorable when
the bot's fit changes. Needs the `cah-model` extra. Prints; asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.bots import cah_embedding
from cardtable.bots.cah_fit import FitTable, Scorer, SpecificScorer, builtin_prompts
from cardtable.bots.cah_words import WordOverlapScorer
from cardtable.decks import builtin

HAND, ANSWERS = 10, 4
FOLDER = Path(__file__).parent / "cah_blind"
_HEADER = re.compile(
    r"# seed (\d+), (\d+) P items, (\d+) C items"
    r"(?:, (\d+) of them Pick 2, ranked by the judge; players' answers by ([\w-]+))?"
)
RAW = "minilm"  # the players' answers of the rounds before ranked ones: the model's cosine
INSTRUCTIONS = """\
# CAH blind judging sheet. Judge as the Card Czar of a game of Cards Against Humanity: the
# best answer is the one that makes the funniest, best card with the black card, read aloud
# with the answer in the blank (or after the question). Judge from this sheet alone.
#
# P items: which answer, A or B, makes the better card?            write e.g.  P07 A
# C items: rank all four answers, best first.                       write e.g.  C12 3142
#   (3142 = answer 3 best, then 1, then 4, answer 2 worst; each of 1-4 once)
# C items marked [Pick 2] take two cards, shown as "first / second": the first card goes in
# the first blank, the second in the second; rank the pairs as a whole.
# Answers are in random order. Write one line per item in judgements.txt, in any order; for
# an item where you truly cannot choose, write "=" (e.g. "P07 =" or "C12 ="). Lines starting
# with # are comments.
"""


@dataclass(frozen=True)
class PlayerItem:
    prompt: str
    shown: tuple[str, str]  # A, B
    bot: int  # 0 if A is the bot's answer, 1 if B


@dataclass(frozen=True)
class CzarItem:
    prompt: str
    answers: tuple[tuple[str, ...], ...]  # each the cards of one answer, in order

    @property
    def pick(self) -> int:
        return len(self.answers[0])


def _ranking(scorer: Scorer, prompt: str, answers: list[tuple[str, ...]]) -> list[int]:
    """The indices of `answers`, best fit first, as the bot ranks plays (`FitTable.play`)."""
    fit = FitTable(scorer, prompt, len(answers[0]), [text for a in answers for text in a])
    return sorted(range(len(answers)), key=lambda i: fit.play(answers[i]), reverse=True)


def _best(scorer: Scorer, prompt: str, texts: list[str]) -> int:
    return _ranking(scorer, prompt, [(text,) for text in texts])[0]


@dataclass(frozen=True)
class Round:
    """One sheet: the seed its items are drawn with, how many of each kind, whether the
    judge ranks the C items, and the scorer that chose the players' answers."""

    seed: int
    players: int
    czars: int
    pick2: int = 0  # of the C items, the last ones
    ranked: bool = False
    player_scorer: str = RAW

    @classmethod
    def of_sheet(cls, text: str) -> Round:
        found = _HEADER.match(text)
        if found is None:
            sys.exit("not a sheet of this script: its first line names no seed")
        seed, players, czars, pick2, scorer = found.groups()
        if pick2 is None:
            return cls(int(seed), int(players), int(czars))
        return cls(int(seed), int(players), int(czars), int(pick2), True, scorer)

    def header(self) -> str:
        line = f"# seed {self.seed}, {self.players} P items, {self.czars} C items"
        if not self.ranked:
            return line
        return (
            f"{line}, {self.pick2} of them Pick 2, ranked by the judge; "
            f"players' answers by {self.player_scorer}"
        )


@dataclass
class Tally:
    """Judgements counted: the players' pairs, and each scorer's ranks as Czar (1 to 4, see
    the module's docstring), by the pick of the item's black card."""

    wins: int = 0
    ties: int = 0
    pairs: int = 0
    czar_ranks: dict[str, dict[int, list[int]]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.wins, self.ties, self.pairs = (
            self.wins + other.wins,
            self.ties + other.ties,
            self.pairs + other.pairs,
        )
        for name, by_pick in other.czar_ranks.items():
            for pick, ranks in by_pick.items():
                self.czar_ranks.setdefault(name, {}).setdefault(pick, []).extend(ranks)


def draw_items(
    scorers: dict[str, Scorer], round_: Round
) -> tuple[list[PlayerItem], list[CzarItem]]:
    """The round's items, drawn again from its seed; `scorers` by name, for the players'."""
    rng = random.Random(round_.seed)
    decks = builtin.decks().values()
    calls = [(deck, call.text) for deck in decks for call in deck.calls if call.pick == 1]
    rng.shuffle(calls)
    players = []
    player_scorer = scorers[round_.player_scorer]
    for deck, prompt in calls[: round_.players]:
        hand = rng.sample([r.text for r in deck.responses], HAND)
        bot = _best(player_scorer, prompt, hand)
        other = next(i for i in rng.sample(range(HAND), HAND) if i != bot)
        bot_first = rng.random() < 0.5
        pair = (hand[bot], hand[other]) if bot_first else (hand[other], hand[bot])
        players.append(PlayerItem(prompt, pair, 0 if bot_first else 1))
    pick1 = round_.czars - round_.pick2
    czars = [
        CzarItem(prompt, tuple((t,) for t in rng.sample([r.text for r in deck.responses], ANSWERS)))
        for deck, prompt in calls[round_.players : round_.players + pick1]
    ]
    if round_.pick2:
        twos = [(deck, call.text) for deck in decks for call in deck.calls if call.pick == 2]
        rng.shuffle(twos)
        for deck, prompt in twos[: round_.pick2]:
            cards = rng.sample([r.text for r in deck.responses], 2 * ANSWERS)
            czars.append(CzarItem(prompt, tuple(zip(cards[::2], cards[1::2], strict=True))))
    return players, czars


def sheet_text(round_: Round, players: list[PlayerItem], czars: list[CzarItem]) -> str:
    if round_.ranked:
        lines = [round_.header(), INSTRUCTIONS]
    else:
        lines = [
            round_.header(),
            "# CAH blind judging sheet. P items: which answer fits the black card better, A or B?",
            "# C items: which of the answers fits best (1-4)? Write one line per item in",
            "# judgements.txt, e.g. 'P01 A' or 'C07 2' ('=' if truly no preference).",
            "",
        ]
    for n, item in enumerate(players, 1):
        lines += [f"P{n:02d}  {item.prompt}", f"    A: {item.shown[0]}", f"    B: {item.shown[1]}"]
    width = 3 if len(czars) > 99 else 2
    for n, item in enumerate(czars, 1):
        marked = "[Pick 2] " if item.pick == 2 else ""
        lines.append(f"C{n:0{width}d}  {marked}{item.prompt}")
        lines += [f"    {i}: {' / '.join(cards)}" for i, cards in enumerate(item.answers, 1)]
    return "\n".join(lines) + "\n"


def read_judgements(path: Path) -> dict[tuple[str, int], str]:
    """The judge's verdicts by item ("C012 3142" and "C12 3142" are the same item)."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            item, *verdict = line.split()  # "C12 3142" or "C12 3 1 4 2"
            key = item[0].upper(), int(item[1:])
            if key in found:
                sys.exit(f"{path}: {item} is judged twice")
            found[key] = "".join(verdict)
    return found


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def binomial_tail(successes: int, n: int, p: float) -> float:
    """P(X >= successes) for X ~ Binomial(n, p): the one-sided p-value against chance."""
    return sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(successes, n + 1))


def rank_sum_p(ranks: list[int], sides: int = ANSWERS) -> float:
    """P(a random Czar's ranks sum to at most sum(ranks)): the exact one-sided p-value of a
    mean rank against chance, each of a random Czar's ranks equally likely 1 to `sides`."""
    ways = [1]  # ways[s]: the ways the ranks so far sum to s (shifted down by one per item)
    for _ in ranks:
        ways = [sum(ways[max(0, s - sides + 1) : s + 1]) for s in range(len(ways) + sides - 1)]
    reached = sum(ranks) - len(ranks)
    return sum(ways[: reached + 1]) / sides ** len(ranks)


def _p(value: float) -> str:
    return f"{value:.4f}" if value >= 1e-4 else f"{value:.1e}"


def czar_rank(ranking: list[int], verdict: str, ranked: bool) -> int:
    """The rank (1 best) that compares a scorer's `ranking` (answer indices, best first) with
    the judge's verdict: in a ranked round the judge's rank of the scorer's pick, else the
    scorer's rank of the judge's pick."""
    if not ranked:
        return ranking.index(int(verdict) - 1) + 1
    if sorted(verdict) != [str(n) for n in range(1, ANSWERS + 1)]:
        raise ValueError(f"a ranking names each of 1-{ANSWERS} once: {verdict!r}")
    return verdict.index(str(ranking[0] + 1)) + 1


def tally(
    round_: Round, players, czars, judged: dict[tuple[str, int], str], scorers: list[Scorer]
) -> Tally:
    counted = Tally(czar_ranks={scorer.name: {} for scorer in scorers})
    for number, item in enumerate(players, 1):
        verdict = judged.get(("P", number))
        if verdict is None:
            continue
        counted.pairs += 1
        if verdict == "=":
            counted.ties += 1
        elif "AB".index(verdict.upper()) == item.bot:
            counted.wins += 1
    for number, item in enumerate(czars, 1):
        verdict = judged.get(("C", number))
        if verdict is None or verdict == "=":
            continue
        for scorer in scorers:
            ranking = _ranking(scorer, item.prompt, list(item.answers))
            try:
                rank = czar_rank(ranking, verdict, round_.ranked)
            except ValueError as wrong:
                sys.exit(f"C{number}: {wrong}")
            counted.czar_ranks[scorer.name].setdefault(item.pick, []).append(rank)
    return counted


def report_czar(label: str, ranks: list[int]) -> None:
    total, agree = len(ranks), ranks.count(1)
    low, high = wilson(agree, total)
    mean = statistics.fmean(ranks)
    half = 1.96 * statistics.stdev(ranks) / math.sqrt(total) if total > 1 else math.inf
    print(
        f"  czar ({label}): rank {mean:.2f} on average over {total} items (95% CI "
        f"{mean - half:.2f}-{mean + half:.2f}; random: {(ANSWERS + 1) / 2:.1f}; exact "
        f"p = {_p(rank_sum_p(ranks))})"
    )
    print(
        f"    agrees with the judge (rank 1) in {agree} ({agree / total:.1%}, 95% CI "
        f"{low:.1%}-{high:.1%}; random: {1 / ANSWERS:.0%}; p = "
        f"{_p(binomial_tail(agree, total, 1 / ANSWERS))})"
    )


def report(title: str, counted: Tally) -> None:
    print(f"{title}")
    n, ties = counted.pairs, counted.ties
    if n:
        won = counted.wins + ties / 2
        low, high = wilson(won, n)
        print(f"  players: the bot's answer preferred in {counted.wins} of {n} pairs ({ties} ties)")
        print(
            f"    win rate {won / n:.1%} (ties as half), 95% CI {low:.1%}-{high:.1%}; random: 50%"
        )
        p_value = binomial_tail(counted.wins, n - ties, 0.5)
        print(f"    one-sided sign test over the decided pairs: p = {_p(p_value)}")
    for name, by_pick in counted.czar_ranks.items():
        if not by_pick:
            continue
        report_czar(name, [rank for ranks in by_pick.values() for rank in ranks])
        if len(by_pick) > 1:
            for pick, ranks in sorted(by_pick.items()):
                report_czar(f"{name}, Pick {pick} only", ranks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    sheet = steps.add_parser("sheet", help="draw the items of a new round and write its sheet")
    sheet.add_argument("folder", type=Path)
    sheet.add_argument("--seed", type=int, required=True)
    sheet.add_argument("--players", type=int, default=60)
    sheet.add_argument("--czars", type=int, default=40)
    sheet.add_argument("--ranked", action="store_true", help="the judge ranks the C items")
    sheet.add_argument("--pick2", type=int, default=0, help="C items with Pick 2 (ranked only)")
    score = steps.add_parser("score", help="unblind judged rounds, each and pooled")
    score.add_argument("folders", type=Path, nargs="+")
    args = parser.parse_args()
    model = cah_embedding.load()
    if model is None:
        sys.exit("the cah-model extra is not installed: uv sync --extra cah-model")
    bot = SpecificScorer(model, builtin_prompts())  # the bot's fit (bots.cah.best_scorer)
    scorers: dict[str, Scorer] = {bot.name: bot, RAW: model}
    if args.step == "sheet":
        if args.pick2 and not args.ranked:
            sys.exit("Pick 2 items are for ranked rounds only")
        round_ = Round(args.seed, args.players, args.czars, args.pick2, args.ranked)
        if args.ranked:
            round_ = Round(args.seed, args.players, args.czars, args.pick2, True, bot.name)
        args.folder.mkdir(parents=True, exist_ok=True)
        (args.folder / "sheet.txt").write_text(
            sheet_text(round_, *draw_items(scorers, round_)), encoding="utf-8"
        )
        print(f"wrote {args.folder / 'sheet.txt'}")
        return
    pooled = Tally()
    for folder in args.folders:
        text = (folder / "sheet.txt").read_text(encoding="utf-8")
        round_ = Round.of_sheet(text)
        players, czars = draw_items(scorers, round_)
        if text != sheet_text(round_, players, czars):
            sys.exit(f"{folder}/sheet.txt is not the sheet this model draws: judge a new one")
        judged = read_judgements(folder / "judgements.txt")
        counted = tally(round_, players, czars, judged, [*scorers.values(), WordOverlapScorer()])
        report(f"{folder.name} (seed {round_.seed}{', ranked' if round_.ranked else ''})", counted)
        pooled.add(counted)
    if len(args.folders) > 1:
        report("pooled (ranks of both kinds, see the docstring)", pooled)


if __name__ == "__main__":
    main()
