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

from ...engine import Option, OptionSet

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
        help="White cards each player holds (K1: DigiPen 7, online and official 10).",
    ),
    Option(
        "refillTiming",
        "choice",
        "afterSubmit",
        "Refill hands",
        group="Players",
        choices=("afterRound", "afterSubmit"),
        help="K2: draw back up after the round is judged, or right after submitting.",
    ),
    Option(
        "minPlayers",
        "int",
        None,
        "Minimum players",
        group="Players",
        min=2,
        max=MAX_SEATS,
        nullable=True,
        help="K3: empty means 3, or 2 when Rando plays. 2 needs Rando.",
    ),
    Option(
        "maxPlayers",
        "int",
        10,
        "Maximum players",
        group="Players",
        min=3,
        max=MAX_SEATS,
        help=f"K3: the most seats, late joiners included (at most {MAX_SEATS}).",
    ),
    Option(
        "firstCzar",
        "choice",
        "random",
        "First Card Czar",
        group="Players",
        choices=("random", "hostPick"),
        help="K4: a random seat, or the seat the host picks (who pooped most recently?). "
        "The Czar then passes clockwise by seat.",
    ),
    Option(
        "firstCzarSeat",
        "int",
        0,
        "Host's pick for first Czar",
        group="Players",
        min=0,
        max=MAX_SEATS - 1,
        help="The seat that judges first when the host picks.",
    ),
    Option(
        "allowLateJoin",
        "bool",
        True,
        "Allow late joins",
        group="Players",
        help="K24: a player may join mid-game with a full hand and 0 points, and enters "
        "the Czar rotation at its end. They play from the next round.",
    ),
    Option(
        "teams",
        "bool",
        False,
        "Team CAH",
        group="Players",
        help="Seed 003: each seat is a team of partners sharing one hand and one score; "
        "either partner may act for the team.",
    ),
    # -- how the game ends --------------------------------------------------------------------
    Option(
        "pointsTarget",
        "int",
        5,
        "Points to win",
        group="End",
        min=1,
        max=100,
        nullable=True,
        help="K5: the first to this many Awesome Points wins, the moment they reach it. "
        "Empty: none.",
    ),
    Option(
        "blackExhaustion",
        "choice",
        "reshuffleUsed",
        "When the black deck runs out",
        group="End",
        choices=("endGame", "reshuffleUsed"),
        help="K6: end the game (highest total wins), or shuffle the used black cards "
        "back in (points are kept).",
    ),
    Option(
        "rounds",
        "int",
        None,
        "Rounds",
        group="End",
        min=1,
        max=1000,
        nullable=True,
        help="K5: end after this many rounds (void rounds do not count); the highest total wins.",
    ),
    Option(
        "timeMinutes",
        "int",
        None,
        "Time limit (minutes)",
        group="End",
        min=1,
        max=600,
        nullable=True,
        help="K5: end when the time is up; the highest total wins.",
    ),
    Option(
        "suddenDeath",
        "bool",
        False,
        "Sudden death with 8+ players",
        group="End",
        help="K5 (seed 003): with 8 or more players the first to 3 points wins.",
    ),
    Option(
        "manualEnd",
        "bool",
        False,
        "Host may end the game",
        group="End",
        help="K5: the host can end the game at any time; standings by points.",
    ),
    # -- decks --------------------------------------------------------------------------------
    Option(
        "decks",
        "strings",
        ("cardtable-main",),
        "Decks",
        group="Cards",
        help="Built-in decks to draw from.",
    ),
    Option(
        "excludeTags",
        "strings",
        (),
        "Leave out tags",
        group="Cards",
        help="K22: remove cards carrying any of these tags (DigiPen: CS, GD, BFA).",
    ),
    Option(
        "packs",
        "strings",
        (),
        "Only these packs",
        group="Cards",
        help="K22: keep only cards from these packs. Empty: every pack.",
    ),
    Option(
        "familyOnly",
        "bool",
        False,
        "Family-friendly only",
        group="Cards",
        help="K22: keep only cards rated family-friendly.",
    ),
    Option(
        "customWhiteCards",
        "strings",
        (),
        "Custom white cards",
        group="Cards",
        max_items=CUSTOM_CARDS_MAX,
        help=f"Your table's own answers, at most {CUSTOM_WHITE_MAX_CHARS} characters each; "
        "marked as user-written.",
    ),
    Option(
        "customBlackCards",
        "strings",
        (),
        "Custom black cards",
        group="Cards",
        max_items=CUSTOM_CARDS_MAX,
        help=f"Your table's own prompts (at most {CUSTOM_BLACK_MAX_CHARS} characters); "
        "each run of _ is a blank "
        "(1 to 3 blanks, or none for a question). Marked as user-written.",
    ),
    Option(
        "blankCards",
        "int",
        0,
        "Blank write-in cards",
        group="Cards",
        min=0,
        max=50,
        help="Blank white cards shuffled into the deck; whoever plays one writes its text.",
    ),
    Option(
        "hiddenCards",
        "strings",
        (),
        "Hidden cards",
        group="Cards",
        max_items=HIDDEN_CARDS_MAX,
        internal=True,
        help="Filled by the server at each start: the text keys of cards this site's "
        "moderators hid, left out of the pool.",
    ),
    Option(
        "whiteExhaustion",
        "choice",
        "reshuffleDiscards",
        "When the white deck runs out",
        group="Cards",
        choices=("reshuffleDiscards", "stopDrawing"),
        help="K7: shuffle the discards into a new deck, or stop drawing.",
    ),
    Option(
        "honorDrawN",
        "bool",
        False,
        "DRAW 2, PICK 3",
        group="Cards",
        help="K8: on a DRAW 2 card, every player but the Czar draws 2 before playing.",
    ),
    # -- the round ----------------------------------------------------------------------------
    Option(
        "judging",
        "choice",
        "czar",
        "Judging",
        group="Round",
        choices=("czar", "godIsDead", "survival", "seriousBusiness"),
        help="K18/K20: the Czar picks; God Is Dead (no Czar, everyone votes, a tie gives "
        "no point); Survival of the Fittest (players take turns eliminating answers); "
        "Serious Business (the Czar ranks the top 3 for 3, 2 and 1 points).",
    ),
    Option(
        "revealOneByOne",
        "bool",
        False,
        "Reveal answers one by one",
        group="Round",
        help="K10: the Czar turns the shuffled answers over one at a time.",
    ),
    Option(
        "submitTimerSec",
        "int",
        60,
        "Submission timer (s)",
        group="Round",
        min=5,
        max=600,
        nullable=True,
        help="Seconds to play your cards. Whoever has not played when it runs out sits the "
        "round out and keeps their cards. Speed CAH: 30 s. Empty: no limit.",
    ),
    Option(
        "judgeTimerSec",
        "int",
        45,
        "Judging timer (s)",
        group="Round",
        min=5,
        max=600,
        nullable=True,
        help="Seconds to judge or vote. When it runs out: a vote counts the votes cast; a Czar "
        "or an elimination that has not finished voids the round. Empty: no limit.",
    ),
    # -- house rules --------------------------------------------------------------------------
    Option(
        "rando",
        "choice",
        "off",
        "Rando Cardrissian",
        group="House rules",
        choices=("off", "digipen", "guide", "official"),
        help="K12: an imaginary player. digipen: the Czar draws his cards blind from the "
        "deck; official: random cards from the pile; both let Rando score and win. "
        "guide: Rando holds a hand, and a black card he wins leaves the game.",
    ),
    Option(
        "discardUnknown",
        "choice",
        "off",
        "Discard cards you don't understand",
        group="House rules",
        choices=("off", "digipen", "official"),
        help="K13: digipen: at any time, read it out, discard it and draw a new one; "
        "official (Never Have I Ever): discard it and draw at the next refill.",
    ),
    Option(
        "neverHaveIEverPoints",
        "bool",
        False,
        "Never Have I Ever (points)",
        group="House rules",
        help="K14: a player reads a white card from their hand; everyone who has done it "
        "confesses and gains 1 point.",
    ),
    Option(
        "packingHeat",
        "choice",
        "off",
        "Packing Heat",
        group="House rules",
        choices=("off", "official", "guide"),
        help="K15: on a Pick 2, official: everyone draws 1 extra card first; guide: "
        "players may play a third card.",
    ),
    Option(
        "rebootTheUniverse",
        "bool",
        False,
        "Reboot the Universe",
        group="House rules",
        help="K16 (seed 003, house rule 2): on a Pick N card every player first draws N-1 "
        "extra cards, so they choose from more and keep their hand size after playing.",
    ),
    Option(
        "reboot",
        "choice",
        "off",
        "Rebooting the Universe (trade a point)",
        group="House rules",
        choices=("off", "official", "guideFullHand"),
        help="K16: official: trade 1 point to return any number of white cards and draw "
        "back up; guideFullHand (seed 003, house rule 4): pay 1 point to swap your whole hand.",
    ),
    Option(
        "happyEnding",
        "choice",
        "off",
        "Happy Ending",
        group="House rules",
        choices=("off", "officialHaikuFinale", "guideRunnerUpVote"),
        help="K17: officialHaikuFinale: when the host ends the game, a last round is "
        "played on 'Make a haiku.'; guideRunnerUpVote: after judging, players vote "
        "among the losing answers for 1 point.",
    ),
    Option(
        "gambling",
        "bool",
        False,
        "Gambling",
        group="House rules",
        help="K19: bet 1 point to play an extra answer. Win the round and keep it; "
        "otherwise the round's winner takes it.",
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
