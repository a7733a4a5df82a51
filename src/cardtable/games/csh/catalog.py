"""The CSH card set as data: read `cards.toml`, validate every field, and index the card types.

A card's behaviour comes only from its entry here (rules/csh.md C.2 primitives), so the set can
be tuned without touching rules code. Anything malformed raises `CardDataError` naming the card
and the field, at load time.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

DATA_FILE = Path(__file__).with_name("cards.toml")
ALL = -1  # `n = "all"`: a whole hand
BASE_SET = "base"
KINDS = ("base", "freshman", "directorship")
BASE_DECK_SIZE = 20  # seed: "the Base Deck, which has twenty cards"
DIRECTORSHIP_SIZE = 10  # seed: "eight CSH Directorships, with ten cards per directorship"
MAX_REORDER = 5  # keeps the orders a player chooses from at most 5! = 120
SWING_CAP = 6  # VP one effect may move between Archives (docs/rules-csh.md CSH-29)
ELECTION_ID = "ELECTION"


class CardDataError(ValueError):
    """The card data file is malformed; the message names the card and field."""


class Effect(NamedTuple):
    """One C.2 primitive with its parameters. Effects made while resolving (one discard of a
    multi-card discard, the second pick of a swap) also carry a `seat` or `card`."""

    op: str
    who: str = ""
    n: int = 0
    chooser: str = ""
    mode: str = ""
    scope: str = ""
    second: str = ""
    dir: str = ""
    heads: int = 0
    tails: int = 0
    seat: int = -1
    card: int = -1


@dataclass(frozen=True, slots=True)
class CardType:
    """A kind of card. `count`: the set whose face-up cards give this card's VP (Socials)."""

    index: int
    id: str
    name: str
    set: str
    kind: str
    vp: int
    count: str
    qty: int
    text: str
    on_enter: tuple[Effect, ...]
    static: dict[str, int]
    reaction: str
    placement: str

    def to_json(self) -> dict:
        out = {
            "id": self.id,
            "name": self.name,
            "set": self.set,
            "kind": self.kind,
            "vp": {"count": self.count} if self.count else self.vp,
            "qty": self.qty,
            "text": self.text,
        }
        if self.reaction:
            out["reaction"] = self.reaction
        if self.placement != "own":
            out["placement"] = self.placement
        return out


class Directorship(NamedTuple):
    id: str
    name: str
    style: str


class Catalog:
    """Every card type (the Election last), indexed by position and by id."""

    __slots__ = ("by_id", "directorships", "election", "types")

    def __init__(self, types: tuple[CardType, ...], directorships: tuple[Directorship, ...]):
        self.types = types
        self.directorships = directorships
        self.by_id = {t.id: t for t in types}
        self.election = types[-1]


TARGET_OPS = frozenset({"steal", "steal-one", "swap-hands", "lose-actions", "skip-turn"})


def needs_target(effect: Effect) -> bool:
    """True when the effect acts on "the target": another player the card's player chooses
    (CSH-24), once per card."""
    return effect.who == "target" or effect.op in TARGET_OPS


# -- validation -------------------------------------------------------------------------------

COUNT = "count"  # a whole number 1..10
COUNT_OR_ALL = "count-or-all"
SIGNED = "signed"  # a non-zero whole number -10..10
PAYOFF = "payoff"  # a whole number -10..20
SCOPES = ("own", "others", "any")

ON_ENTER_OPS: dict[str, dict[str, Any]] = {
    "draw": {"who": ("self", "target", "each"), "n": COUNT},
    "discard": {
        "who": ("self", "target", "others", "each", "random-other"),
        "n": COUNT_OR_ALL,
        "chooser": ("owner", "actor", "random"),
    },
    "steal": {"n": COUNT, "mode": ("random", "choose")},
    "swap-hands": {},
    "pass-hands": {"dir": ("left", "right"), "n": COUNT_OR_ALL},
    "extra-actions": {"n": COUNT},
    "lose-actions": {"n": COUNT},
    "skip-turn": {},
    "extra-turn": {},
    "choose-next": {},
    "mill": {"n": COUNT},
    "reorder-top": {"n": COUNT},
    "return": {"scope": SCOPES},
    "destroy": {"scope": SCOPES},
    "modify-vp": {"scope": SCOPES, "n": SIGNED},
    "swap-archive": {"first": ("own", "any"), "second": ("others", "different")},
    "recover": {"n": COUNT},
    "retrigger": {},
    "uncancel": {},
    "coin": {"heads": PAYOFF, "tails": PAYOFF},
}
STATIC_OPS: dict[str, dict[str, Any]] = {
    "slots": {"n": COUNT},
    "draw-bonus": {"n": COUNT},
    "base-bonus": {"n": COUNT},
    "shield": {},
    "backup": {},
    "upkeep-draw": {"n": COUNT},
}
CARD_KEYS = {
    "id",
    "name",
    "set",
    "kind",
    "vp",
    "qty",
    "text",
    "on_enter",
    "static",
    "reaction",
    "placement",
}


def _fail(where: str, message: str) -> NoReturn:
    raise CardDataError(f"{where}: {message}")


def _text(where: str, value, limit: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        _fail(where, f"must be non-empty text of at most {limit} characters")
    return value


def _whole(where: str, value, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _fail(where, f"must be a whole number from {low} to {high}")
    return value


def _param(where: str, rule, value):
    if isinstance(rule, tuple):
        if value not in rule:
            _fail(where, f"must be one of {', '.join(rule)}")
        return value
    if rule == COUNT_OR_ALL and value == "all":
        return ALL
    if rule in (COUNT, COUNT_OR_ALL):
        return _whole(where, value, 1, 10)
    if rule == PAYOFF:
        return _whole(where, value, -10, 20)
    if _whole(where, value, -10, 10) == 0:
        _fail(where, "must not be 0")
    return value


def _effect(where: str, raw, schemas: dict[str, dict[str, Any]]) -> Effect:
    if not isinstance(raw, dict) or raw.get("op") not in schemas:
        _fail(where, f"an effect is a table whose op is one of {', '.join(schemas)}")
    schema = schemas[raw["op"]]
    unknown = set(raw) - set(schema) - {"op"}
    if unknown:
        _fail(where, f"unknown key {sorted(unknown)[0]!r} for op {raw['op']!r}")
    fields: dict[str, Any] = {"op": raw["op"]}
    for key, rule in schema.items():
        if key not in raw:
            _fail(where, f"op {raw['op']!r} needs {key!r}")
        fields["scope" if key == "first" else key] = _param(f"{where}.{key}", rule, raw[key])
    if fields["op"] == "reorder-top" and fields["n"] > MAX_REORDER:
        _fail(where, f"reorder-top looks at most {MAX_REORDER} cards")
    if fields["op"] == "modify-vp" and abs(fields["n"]) > SWING_CAP:
        _fail(where, f"a token moves at most the swing cap, {SWING_CAP} VP")
    return Effect(**fields)


def _effects(where: str, raw, schemas) -> tuple[Effect, ...]:
    if not isinstance(raw, list):
        _fail(where, "must be a list of effects")
    return tuple(_effect(f"{where}[{i}]", item, schemas) for i, item in enumerate(raw))


def _card(index: int, raw, sets: tuple[str, ...]) -> CardType:
    if not isinstance(raw, dict):
        _fail(f"card #{index + 1}", "must be a table")
    where = f"card {raw.get('id', f'#{index + 1}')}"
    unknown = set(raw) - CARD_KEYS
    if unknown:
        _fail(where, f"unknown key {sorted(unknown)[0]!r}")
    card_id = _text(f"{where}.id", raw.get("id"), 12)
    if card_id == ELECTION_ID:
        _fail(where, f"the id {ELECTION_ID} is the Election's")
    set_id = raw.get("set")
    if set_id not in sets:
        _fail(f"{where}.set", f"must be one of {', '.join(sets)}")
    kind = raw.get("kind")
    if kind not in KINDS:
        _fail(f"{where}.kind", f"must be one of {', '.join(KINDS)}")
    if (set_id == BASE_SET) != (kind != "directorship"):
        _fail(f"{where}.kind", "base cards are base or freshman; directorship cards directorship")
    raw_vp, count = raw.get("vp"), ""
    if isinstance(raw_vp, dict):
        if set(raw_vp) != {"count"} or raw_vp["count"] not in sets:
            _fail(f"{where}.vp", "a formula is { count = <set> }")
        vp, count = 0, raw_vp["count"]
    else:
        vp = _whole(f"{where}.vp", raw_vp, -10, 20)
    on_enter = _effects(f"{where}.on_enter", raw.get("on_enter", []), ON_ENTER_OPS)
    statics = _effects(f"{where}.static", raw.get("static", []), STATIC_OPS)
    static = {effect.op: effect.n or 1 for effect in statics}
    if len(static) != len(statics):
        _fail(f"{where}.static", "each static effect at most once")
    reaction = raw.get("reaction", "")
    if reaction not in ("", "cancel", "negate"):
        _fail(f"{where}.reaction", "must be cancel or negate")
    placement = raw.get("placement", "own")
    if placement not in ("own", "target"):
        _fail(f"{where}.placement", "must be own or target")
    if reaction and (on_enter or placement != "own" or kind == "freshman"):
        _fail(where, "a reaction card has no on_enter, no target placement, and is no Freshman")
    if kind == "freshman" and (on_enter or static or placement != "own"):
        _fail(where, "Freshmen have no effects")
    return CardType(
        index=index,
        id=card_id,
        name=_text(f"{where}.name", raw.get("name"), 60),
        set=set_id,
        kind=kind,
        vp=vp,
        count=count,
        qty=_whole(f"{where}.qty", raw.get("qty"), 1, 20),
        text=_text(f"{where}.text", raw.get("text"), 300),
        on_enter=on_enter,
        static=static,
        reaction=reaction,
        placement=placement,
    )


def _directorships(raw) -> tuple[Directorship, ...]:
    if not isinstance(raw, list) or len(raw) < 2:
        _fail("directorship", "at least two [[directorship]] tables")
    found = []
    for index, item in enumerate(raw):
        where = f"directorship #{index + 1}"
        if not isinstance(item, dict) or set(item) != {"id", "name", "style"}:
            _fail(where, "has exactly id, name and style")
        found.append(
            Directorship(*(_text(f"{where}.{k}", item[k], 80) for k in ("id", "name", "style")))
        )
    ids = [d.id for d in found]
    if len(set(ids)) != len(ids) or BASE_SET in ids:
        _fail("directorship", "ids must be unique and not 'base'")
    return tuple(found)


def parse(data: dict) -> Catalog:
    """Validate parsed TOML and build the catalog; raises CardDataError."""
    unknown = set(data) - {"election", "directorship", "card"}
    if unknown:
        _fail("file", f"unknown top-level key {sorted(unknown)[0]!r}")
    directorships = _directorships(data.get("directorship"))
    sets = (BASE_SET, *(d.id for d in directorships))
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        _fail("card", "the file needs [[card]] tables")
    types = [_card(i, raw, sets) for i, raw in enumerate(raw_cards)]
    ids = [t.id for t in types]
    duplicate = next((i for i in ids if ids.count(i) > 1), None)
    if duplicate:
        _fail(f"card {duplicate}", "the id is used twice")
    for set_id in sets:
        size = sum(t.qty for t in types if t.set == set_id)
        expected = BASE_DECK_SIZE if set_id == BASE_SET else DIRECTORSHIP_SIZE
        if size != expected:
            _fail(f"set {set_id}", f"has {size} cards; the seed gives it {expected}")
    election = data.get("election")
    if not isinstance(election, dict) or set(election) != {"name", "text"}:
        _fail("election", "a table with name and text")
    types.append(
        CardType(
            index=len(types),
            id=ELECTION_ID,
            name=_text("election.name", election["name"], 60),
            set="",
            kind="election",
            vp=0,
            count="",
            qty=1,
            text=_text("election.text", election["text"], 300),
            on_enter=(),
            static={},
            reaction="",
            placement="own",
        )
    )
    return Catalog(tuple(types), directorships)


def load(path: Path = DATA_FILE) -> Catalog:
    """Read and validate a card data file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise CardDataError(f"{path.name}: {error}") from None
    return parse(data)


CATALOG = load()
