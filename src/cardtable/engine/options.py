"""Game options: typed, documented settings, presets of them, and their validation.

What a host reads (labels, help, the words for each choice, each preset's name and one-line
summary) is written here in plain words, with no ruling codes or code names: forms are drawn
from `OptionSet.to_json` as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

KINDS = ("bool", "int", "choice", "multi", "strings")
#: The group whose options a form offers under "House rules"; every other group goes under
#: "More settings" (`Option.section`).
HOUSE_RULES = "House rules"
MORE_SETTINGS = "More settings"


@dataclass(frozen=True)
class Option:
    """One setting of a game.

    kind: bool | int (min/max, `nullable` allows None = off) | choice (one of `choices`)
    | multi (a subset of `choices`) | strings (a list of free strings, e.g. deck ids).
    `internal` options are set by the table between games (`Game.next_options`), not offered
    to hosts: they are left out of `to_json`. `choice_labels` are the words a form shows for
    `choices` (same order; the choices themselves when empty). A `seat` option's value is a
    seat number (from 0): a form names the seats by who holds them, so it asks in the lobby.
    """

    name: str
    kind: str
    default: Any
    label: str
    help: str = ""
    group: str = "Rules"
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    nullable: bool = False
    max_items: int = 64
    internal: bool = False
    choice_labels: tuple[str, ...] = ()
    seat: bool = False

    def __post_init__(self):
        if self.kind not in KINDS:
            raise TypeError(f"unknown option kind {self.kind!r}")
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise TypeError(f"option {self.name!r} needs one label per choice")
        if self.seat and self.kind != "int":
            raise TypeError(f"seat option {self.name!r} must be an int")

    @property
    def section(self) -> str:
        """Where a form offers it: under "House rules" or under "More settings"."""
        return HOUSE_RULES if self.group == HOUSE_RULES else MORE_SETTINGS

    def check(self, value: Any) -> Any:
        """Return the value normalised, or raise ValueError naming the option."""
        if value is None and self.nullable:
            return None
        kind = self.kind
        if kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} must be true or false")
            return value
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.name!r} must be a whole number")
            if self.min is not None and value < self.min:
                raise ValueError(f"option {self.name!r} must be at least {self.min}")
            if self.max is not None and value > self.max:
                raise ValueError(f"option {self.name!r} must be at most {self.max}")
            return value
        if kind == "choice":
            if value not in self.choices:
                raise ValueError(f"option {self.name!r} must be one of {', '.join(self.choices)}")
            return value
        if not isinstance(value, list | tuple) or len(value) > self.max_items:
            raise ValueError(f"option {self.name!r} must be a list of at most {self.max_items}")
        if kind == "multi":
            bad = [v for v in value if v not in self.choices]
            if bad:
                raise ValueError(f"option {self.name!r}: unknown value {bad[0]!r}")
            return tuple(dict.fromkeys(value))
        if not all(isinstance(v, str) and 0 < len(v) <= 200 for v in value):
            raise ValueError(f"option {self.name!r} must be a list of non-empty strings")
        return tuple(dict.fromkeys(value))

    def to_json(self) -> dict:
        out = {
            "name": self.name,
            "kind": self.kind,
            "default": list(self.default) if isinstance(self.default, tuple) else self.default,
            "label": self.label,
            "help": self.help,
            "group": self.group,
            "section": self.section,
        }
        if self.choices:
            out["choices"] = list(self.choices)
            out["choice_labels"] = list(self.choice_labels or self.choices)
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.nullable:
            out["nullable"] = True
        if self.seat:
            out["seat"] = True
        return out


@dataclass(frozen=True)
class PresetNote:
    """What a host reads about a preset: its name, and one line saying what it plays."""

    label: str
    summary: str


@dataclass(frozen=True)
class OptionSet:
    """The options of a game, its named presets (each a dict of overrides), and a note on
    each preset (`notes`; a preset without one is shown by its name alone)."""

    options: Sequence[Option]
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: {"default": {}})
    notes: Mapping[str, PresetNote] = field(default_factory=dict)
    #: Each option by its name (made from `options`).
    by_name: Mapping[str, Option] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        if "default" not in self.presets:
            raise TypeError("every game needs a 'default' preset")
        object.__setattr__(self, "by_name", {o.name: o for o in self.options})
        unknown = set(self.notes) - set(self.presets)
        if unknown:
            raise TypeError(f"notes on unknown presets: {', '.join(sorted(unknown))}")
        for overrides in self.presets.values():
            self._override(self.defaults(), overrides)

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def resolve(self, options: str | Mapping[str, Any] | None) -> dict[str, Any]:
        """Options as a preset name, or a dict (with an optional "preset" key) of overrides.

        Returns a plain dict with every option set, and "preset". Raises ValueError on anything
        unknown or out of range.
        """
        if options is None:
            options = {}
        if isinstance(options, str):
            options = {"preset": options}
        if not isinstance(options, Mapping):
            raise ValueError("options must be a preset name or an object")
        preset = options.get("preset", "default")
        if not isinstance(preset, str) or preset not in self.presets:
            raise ValueError(f"unknown preset {preset!r}; presets: {', '.join(self.presets)}")
        values = self.defaults()
        self._override(values, self.presets[preset])
        self._override(values, {k: v for k, v in options.items() if k != "preset"})
        values["preset"] = preset
        return values

    def _override(self, values: dict[str, Any], overrides: Mapping[str, Any]) -> None:
        for key, value in overrides.items():
            option = self.by_name.get(key) if isinstance(key, str) else None
            if option is None:
                raise ValueError(f"unknown option {key!r}")
            values[key] = option.check(value)

    def to_json(self) -> dict:
        offered = [o for o in self.options if not o.internal]
        return {
            "options": [o.to_json() for o in offered],
            #: The form's sections in order, those that hold an option.
            "sections": [
                s for s in (HOUSE_RULES, MORE_SETTINGS) if any(o.section == s for o in offered)
            ],
            "presets": {
                name: {k: list(v) if isinstance(v, tuple) else v for k, v in p.items()}
                for name, p in self.presets.items()
            },
            "preset_notes": {
                name: {"label": note.label, "summary": note.summary}
                for name in self.presets
                for note in [self.notes.get(name, PresetNote(name, ""))]
            },
        }
