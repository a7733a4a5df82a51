"""The settings of the CAH family (rules/cah.md, D.1 conflict matrix and D.2 presets).

Option names are the D.2 setting names in camelCase. The option defaults are the `online`
preset (seed 003), which is also `default`. Where D.1 gives one setting two names (the K5 end
condition "blackDeckExhausted" and K6 `blackExhaustion`; K18 `godIsDead` and K20 `judging`),
there is one option: `blackExhaustion` and `judging` (with `godIsDead` as one of its choices).
Every preset has soft time limits (60 s to submit, 45 s to judge) and takes late joiners (K24)
by default, so that no table waits for ever on a player who is gone.

`Rules` is the resolved options as a small immutable object the rules read on every action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Option, OptionSet, PresetNote

MAX_SEATS = 20  # K3: a host may raise maxPlayers from 10 to 20
CUSTOM_WHITE_MAX_CHARS = 120
CUSTOM_CARDS_MAX = 500
WRITE_IN_MAX_CHARS = 120
CUSTOM_BLACK_MAX_CHARS = 200
HIDDEN_CARDS_MAX = 100_000

OPTIONS = (
    # -- players and hands --------------------------------------------------------------------
    Option(
        "handSize",
        "int",
        10,
        "Hand size",
        group="Players",
        min=3,
        max=20,
        help="White cards each player holds: 10 in most rules, 7 at DigiPen.",
    ),
    Option(  # K2
        "refillTiming",
        "choice",
        "afterSubmit",
        "Refill hands",
        group="Players",
        choices=("afterRound", "afterSubmit"),
        choice_labels=("After the round is judged", "Right after playing"),
        help="When players draw back up to a full hand.",
    ),
    Option(  # K3: seat_bounds
        "minPlayers",
        "int",
        None,
        "Minimum players",
        group="Players",
        min=2,
        max=MAX_SEATS,
        nullable=True,
        help="Empty: 3, or 2 when Rando Cardrissian plays. A game of two needs Rando.",
    ),
    Option(  # K3
        "maxPlayers",
        "int",
        10,
        "Maximum players",
        group="Players",
        min=3,
        max=MAX_SEATS,
        help=f"The most players at the table, late joiners included (up to {MAX_SEATS}).",
    ),
    Option(  # K4
        "firstCzar",
        "choice",
        "random",
        "First Card Czar",
        group="Players",
        choices=("random", "hostPick"),
        choice_labels=("Drawn at random", "The host picks"),
        help="Who judges the first round (the official rules ask who pooped most recently). "
        "After that the Czar passes to the next player each round.",
    ),
    Option(
        "firstCzarSeat",
        "int",
        0,
        "First Card Czar (the host's pick)",
        group="Players",
        min=0,
        max=MAX_SEATS - 1,
        seat=True,
        help="The player who judges the first round when the host picks.",
    ),
    Option(  # K24
        "allowLateJoin",
        "bool",
        True,
        "Let people join a game under way",
        group="Players",
        help="They play from the next round, with a full hand and no points, and take "
        "their turn as Czar like everyone else.",
    ),
    Option(
        "teams",
        "bool",
        False,
        "Teams",
        group="Players",
        help="Each seat is a team of partners who share one hand and one score; either "
        "partner may play for the team.",
    ),
    # -- how the game ends (K5, K6) -----------------------------------------------------------
    Option(
        "pointsTarget",
        "int",
        5,
        "Points to win",
        group="How it ends",
        min=1,
        max=100,
        nullable=True,
        help="The first player to reach this many points wins at once. Empty: no target.",
    ),
    Option(
        "blackExhaustion",
        "choice",
        "reshuffleUsed",
        "When the black cards run out",
        group="How it ends",
        choices=("endGame", "reshuffleUsed"),
        choice_labels=("End the game", "Shuffle used ones back in"),
        help="End the game (most points wins), or shuffle the used black cards back in "
        "and play on with the points kept.",
    ),
    Option(
        "rounds",
        "int",
        None,
        "Rounds",
        group="How it ends",
        min=1,
        max=1000,
        nullable=True,
        help="End after this many rounds (a round nobody wins does not count); most points "
        "wins. Empty: no limit.",
    ),
    Option(
        "timeMinutes",
        "int",
        None,
        "Time limit (minutes)",
        group="How it ends",
        min=1,
        max=600,
        nullable=True,
        help="End when the time is up; most points wins. Empty: no limit.",
    ),
    Option(
        "suddenDeath",
        "bool",
        False,
        "Sudden death with 8 or more players",
        group="How it ends",
        help="With 8 or more players, the first to 3 points wins.",
    ),
    Option(
        "manualEnd",
        "bool",
        False,
        "The host may end the game",
        group="How it ends",
        help="The host can end the game at any time; most points wins.",
    ),
    # -- decks (K22: the filters) -------------------------------------------------------------
    Option(
        "decks",
        "strings",
        ("cardtable-main",),
        "Decks",
        group="Cards",
        help="The decks the cards are drawn from.",
    ),
    Option(
        "excludeTags",
        "strings",
        (),
        "Leave out tags",
        group="Cards",
        help="Leave out every card carrying one of these tags (DigiPen's deck tags its "
        "in-jokes CS, GD and BFA).",
    ),
    Option(
        "packs",
        "strings",
        (),
        "Only these packs",
        group="Cards",
        help="Play only the cards of these packs. Empty: every pack.",
    ),
    Option(
        "familyOnly",
        "bool",
        False,
        "Family-friendly cards only",
        group="Cards",
        help="Play only the cards rated family-friendly.",
    ),
    Option(
        "customWhiteCards",
        "strings",
        (),
        "Custom white cards",
        group="Cards",
        max_items=CUSTOM_CARDS_MAX,
        help=f"Your table's own answers, up to {CUSTOM_WHITE_MAX_CHARS} characters each, "
        "marked as written by players.",
    ),
    Option(
        "customBlackCards",
        "strings",
        (),
        "Custom black cards",
        group="Cards",
        max_items=CUSTOM_CARDS_MAX,
        help=f"Your table's own prompts, up to {CUSTOM_BLACK_MAX_CHARS} characters each. "
        "Write _ for each blank (1 to 3), or none for a question. Marked as written by "
        "players.",
    ),
    Option(
        "blankCards",
        "int",
        0,
        "Blank cards to write on",
        group="Cards",
        min=0,
        max=50,
        help="Blank white cards shuffled into the deck; whoever plays one writes its answer.",
    ),
    Option(
        "hiddenCards",
        "strings",
        (),
        "Hidden cards",
        group="Cards",
        max_items=HIDDEN_CARDS_MAX,
        internal=True,
        help="Filled in by the server at each start: the cards this site's moderators hid, "
        "left out of the game.",
    ),
    Option(  # K7
        "whiteExhaustion",
        "choice",
        "reshuffleDiscards",
        "When the white cards run out",
        group="Cards",
        choices=("reshuffleDiscards", "stopDrawing"),
        choice_labels=("Shuffle the discards back in", "Stop drawing"),
        help="Shuffle the played and discarded white cards into a new deck, or play on "
        "without drawing.",
    ),
    Option(  # K8
        "honorDrawN",
        "bool",
        False,
        "Draw 2, Pick 3",
        group="Cards",
        help="On a card that says DRAW 2, everyone but the Czar draws 2 extra cards before "
        "playing.",
    ),
    # -- the round ----------------------------------------------------------------------------
    Option(  # K18, K20: God Is Dead is a way of judging
        "judging",
        "choice",
        "czar",
        "Judging",
        group="The round",
        choices=("czar", "godIsDead", "survival", "seriousBusiness"),
        choice_labels=(
            "The Card Czar picks",
            "God Is Dead: everyone votes",
            "Survival of the Fittest",
            "Serious Business",
        ),
        help="The Czar picks the winner; or God Is Dead: no Czar, everyone votes and a tie "
        "scores nobody; or Survival of the Fittest: players take turns throwing out answers "
        "until one is left; or Serious Business: the Czar ranks the best three for 3, 2 "
        "and 1 points.",
    ),
    Option(  # K10
        "revealOneByOne",
        "bool",
        False,
        "Reveal answers one by one",
        group="The round",
        help="The Czar turns the shuffled answers over one at a time.",
    ),
    Option(
        "submitTimerSec",
        "int",
        60,
        "Time to play (seconds)",
        group="The round",
        min=5,
        max=600,
        nullable=True,
        help="Whoever has not played when it runs out sits the round out and keeps their "
        "cards. Speed CAH: 30 seconds. Empty: no limit.",
    ),
    Option(
        "judgeTimerSec",
        "int",
        45,
        "Time to judge (seconds)",
        group="The round",
        min=5,
        max=600,
        nullable=True,
        help="Time to judge or vote. When it runs out, a vote counts the votes cast; a "
        "Czar's pick or a round of throwing out answers that has not finished scores "
        "nobody. Empty: no limit.",
    ),
    # -- house rules --------------------------------------------------------------------------
    Option(  # K12: rando_scores
        "rando",
        "choice",
        "off",
        "Rando Cardrissian",
        group="House rules",
        choices=("off", "digipen", "guide", "official"),
        choice_labels=(
            "Off",
            "DigiPen: Czar draws for him",
            "Guide: Rando holds a hand",
            "Official: from the pile",
        ),
        help="An imaginary extra player. Official: Rando plays random cards from the pile "
        "each round; DigiPen: the Czar draws them blind from the deck. Both let Rando score "
        "and win. Guide: Rando holds a hand of his own, and a black card he wins leaves "
        "the game.",
    ),
    Option(  # K13
        "discardUnknown",
        "choice",
        "off",
        "Discard cards you don't understand",
        group="House rules",
        choices=("off", "digipen", "official"),
        choice_labels=("Off", "DigiPen: swap at once", "Official: swap at refill"),
        help="Official: discard it, and draw a new one at the next refill. DigiPen: at any "
        "time, read it out, discard it and draw a new one at once.",
    ),
    Option(  # K14
        "neverHaveIEverPoints",
        "bool",
        False,
        "Never Have I Ever (points)",
        group="House rules",
        help="A player reads out a white card from their hand; everyone who has done it "
        "owns up and gains 1 point.",
    ),
    Option(  # K15
        "packingHeat",
        "choice",
        "off",
        "Packing Heat",
        group="House rules",
        choices=("off", "official", "guide"),
        choice_labels=("Off", "Official: draw 1 more", "Guide: play a third card"),
        help="On a Pick 2 card. Official: everyone draws 1 extra card first. Guide: players "
        "may play a third card.",
    ),
    Option(  # K16 (seed 003, house rule 2)
        "rebootTheUniverse",
        "bool",
        False,
        "Reboot the Universe",
        group="House rules",
        help="On a Pick 2 or Pick 3 card, every player first draws 1 or 2 extra cards, so "
        "they choose from more and still hold a full hand after playing.",
    ),
    Option(  # K16 (official; seed 003, house rule 4)
        "reboot",
        "choice",
        "off",
        "Rebooting the Universe (trade a point)",
        group="House rules",
        choices=("off", "official", "guideFullHand"),
        choice_labels=("Off", "Official: return any cards", "Guide: swap the whole hand"),
        help="Official: pay 1 point to return any number of white cards and draw back up. "
        "Guide: pay 1 point to swap your whole hand.",
    ),
    Option(  # K17
        "happyEnding",
        "choice",
        "off",
        "Happy Ending",
        group="House rules",
        choices=("off", "officialHaikuFinale", "guideRunnerUpVote"),
        choice_labels=("Off", "Official: a haiku to finish", "Guide: runner-up vote"),
        help="Official: when the host ends the game, one last round is played on the card "
        "'Make a haiku.' Guide: after each judging, players vote among the losing answers "
        "for 1 point.",
    ),
    Option(  # K19
        "gambling",
        "bool",
        False,
        "Gambling",
        group="House rules",
        help="Bet 1 point to play an extra answer. Win the round and keep it; otherwise the "
        "round's winner takes it.",
    ),
)

ONLINE: dict[str, Any] = {}
DIGIPEN = {
    "handSize": 7,
    "refillTiming": "afterRound",
    "firstCzar": "hostPick",
    "pointsTarget": 7,
    "blackExhaustion": "endGame",
    "manualEnd": True,
    "honorDrawN": True,
    "discardUnknown": "digipen",
    "revealOneByOne": True,
    "decks": ["cardtable-gameschool"],
}
# The official sheet has no end but the players stopping (the host's manual end). The optional
# points target (D.2: "manual (optional pointsTarget)") is set to 10 so that a table and a
# simulation always end; set it to empty for the sheet's endless game.
OFFICIAL = {
    "handSize": 10,
    "refillTiming": "afterRound",
    "pointsTarget": 10,
    "blackExhaustion": "reshuffleUsed",
    "manualEnd": True,
    "honorDrawN": True,
    "discardUnknown": "official",
    "revealOneByOne": True,
}

OPTION_SET = OptionSet(
    OPTIONS,
    presets={"default": ONLINE, "online": ONLINE, "official": OFFICIAL, "digipen": DIGIPEN},
    notes={
        "default": PresetNote(
            "Standard", "The same as CAH Online: 10 cards, first to 5 points, on a timer."
        ),
        "online": PresetNote(
            "CAH Online",
            "The website's rules: 10 cards, refill right after playing, first to 5 points.",
        ),
        "official": PresetNote(
            "Official CAH",
            "The printed rules: refill after each round, answers revealed one by one, "
            "first to 10 points.",
        ),
        "digipen": PresetNote(
            "DigiPen Against Humanity",
            "The game school's deck and rules: 7 cards, the host picks the first Czar, "
            "first to 7 points.",
        ),
    },
)


# Option values of earlier versions, as stored tables replay them: K16's two house rules shared
# `reboot` until Reboot the Universe became its own option.
RENAMED_VALUES = {
    ("reboot", "guideRefillBeforePickN"): {"reboot": "off", "rebootTheUniverse": True}
}


def upgrade(options):
    """Options (a preset name, a dict or None) with values of earlier versions replaced by
    their current equivalents (`RENAMED_VALUES`); anything else is returned as it is."""
    if not isinstance(options, Mapping):
        return options
    upgraded = dict(options)
    for (name, value), current in RENAMED_VALUES.items():
        if name in options and options[name] == value:
            upgraded.update(current)
    return upgraded


def seat_bounds(options: dict[str, Any]) -> tuple[int, int]:
    """K3: the minimum is `minPlayers`, else 3, or 2 with Rando; the maximum `maxPlayers`."""
    low = options["minPlayers"]
    if low is None:
        low = 2 if options["rando"] != "off" else 3
    return low, options["maxPlayers"]


def check_rules(options: dict[str, Any]) -> None:
    """Cross-option checks; ValueError says what is wrong."""
    low, high = seat_bounds(options)
    if low == 2 and options["rando"] == "off":
        raise ValueError("2 players need Rando Cardrissian (K3): turn rando on or raise minPlayers")
    if low > high:
        raise ValueError("minPlayers is above maxPlayers")
    if options["firstCzarSeat"] >= high:
        raise ValueError("firstCzarSeat is beyond maxPlayers")
    if not (
        options["pointsTarget"] is not None
        or options["blackExhaustion"] == "endGame"
        or options["rounds"] is not None
        or options["timeMinutes"] is not None
        or options["manualEnd"]
    ):
        raise ValueError(
            "the game could never end: set pointsTarget, rounds, timeMinutes, manualEnd "
            "or blackExhaustion=endGame"
        )
    for text in options["customWhiteCards"]:
        if len(text.strip()) == 0 or len(text) > CUSTOM_WHITE_MAX_CHARS:
            raise ValueError(f"custom white cards hold 1 to {CUSTOM_WHITE_MAX_CHARS} characters")


class Rules:
    """Resolved options, read on every action: flags and numbers, no lookups by name."""

    __slots__ = (
        "allow_late_join",
        "black_reshuffle",
        "discard_unknown",
        "first_czar_seat",
        "gambling",
        "hand_size",
        "happy_ending",
        "honor_draw",
        "judge_timer",
        "judging",
        "manual_end",
        "max_players",
        "min_players",
        "never_have_i_ever",
        "options",
        "packing_heat",
        "points_target",
        "rando",
        "reboot",
        "reboot_the_universe",
        "refill_after_submit",
        "reveal_one_by_one",
        "rounds",
        "side_actions",
        "submit_timer",
        "sudden_death",
        "teams",
        "time_limit",
        "white_reshuffle",
    )

    def __init__(self, options: dict[str, Any]):
        self.options = options
        self.hand_size = options["handSize"]
        self.refill_after_submit = options["refillTiming"] == "afterSubmit"
        self.min_players, self.max_players = seat_bounds(options)
        self.first_czar_seat = (
            options["firstCzarSeat"] if options["firstCzar"] == "hostPick" else None
        )
        self.allow_late_join = options["allowLateJoin"]
        self.teams = options["teams"]
        self.points_target = options["pointsTarget"]
        self.black_reshuffle = options["blackExhaustion"] == "reshuffleUsed"
        self.rounds = options["rounds"]
        minutes = options["timeMinutes"]
        self.time_limit = None if minutes is None else minutes * 60.0
        self.sudden_death = options["suddenDeath"]
        self.manual_end = options["manualEnd"]
        self.white_reshuffle = options["whiteExhaustion"] == "reshuffleDiscards"
        self.honor_draw = options["honorDrawN"]
        self.judging = options["judging"]
        self.reveal_one_by_one = options["revealOneByOne"]
        self.submit_timer = options["submitTimerSec"]
        self.judge_timer = options["judgeTimerSec"]
        self.rando = options["rando"]
        self.discard_unknown = options["discardUnknown"]
        self.never_have_i_ever = options["neverHaveIEverPoints"]
        self.packing_heat = options["packingHeat"]
        self.reboot = options["reboot"]
        self.reboot_the_universe = options["rebootTheUniverse"]
        self.happy_ending = options["happyEnding"]
        self.gambling = options["gambling"]
        # Actions a seat may take besides its part in the round (bets and free actions).
        self.side_actions = (
            self.gambling
            or self.discard_unknown != "off"
            or self.reboot != "off"
            or self.never_have_i_ever
        )

    @property
    def rando_scores(self) -> bool:
        """K12: the digipen and official Rando score and can win; the guide's cannot."""
        return self.rando in ("digipen", "official")
