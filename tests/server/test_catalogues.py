"""The client's language catalogues (static/locales/<lang>/{app,games}.json) are complete:
every language has exactly English's keys, the same placeholders, the plural forms its
language needs; every key the client names exists; every server error code, deck problem,
table setting and game rule refusal has its sentence."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from cardtable import games
from cardtable.decks.errors import Problem
from cardtable.table.errors import ErrorCode
from cardtable.table.settings import NUMBER_SETTINGS

STATIC = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "static"
LOCALES = STATIC / "locales"
GAMES_SOURCE = Path(games.__file__).parent
ENGINE_SOURCE = GAMES_SOURCE.parent / "engine"
LANGUAGES = ["en", "de", "es", "pt-BR"]
FILES = ["app", "games"]

#: The plural categories of each language's cardinal numbers, as Chromium's
#: `new Intl.PluralRules(lang).resolvedOptions().pluralCategories` lists them (CLDR: Spanish
#: and Portuguese have "many" for whole millions, "1.000.000 de cartas").
PLURAL_CATEGORIES = {
    "en": {"one", "other"},
    "de": {"one", "other"},
    "es": {"one", "many", "other"},
    "pt-BR": {"one", "many", "other"},
}

PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: An exact plural form, which i18n.js prefers to the count's category: "=0" for zero.
EXACT_FORM = re.compile(r"=\d+")


def catalogue(lang: str, file: str) -> dict:
    return json.loads((LOCALES / lang / f"{file}.json").read_text(encoding="utf-8"))


def english() -> dict:
    return {key: value for file in FILES for key, value in catalogue("en", file).items()}


def placeholders(value) -> set[str]:
    forms = value.values() if isinstance(value, dict) else [value]
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


def problems(lang: str, file: str, reference: dict, own: dict) -> list[str]:
    """What is wrong with one catalogue next to English's: keys missing or extra, placeholders
    that differ, plural entries without exactly the language's categories (beside any exact
    forms, "=0"), non-strings."""
    found = [f"{lang}/{file}: missing {key}" for key in reference if key not in own]
    found += [f"{lang}/{file}: extra {key}" for key in own if key not in reference]
    for key, value in own.items():
        if isinstance(value, dict):
            categories = {form for form in value if not EXACT_FORM.fullmatch(form)}
            if categories != PLURAL_CATEGORIES[lang]:
                found.append(f"{lang}/{file}: {key} has plural forms {sorted(value)}")
            if not all(isinstance(form, str) and form for form in value.values()):
                found.append(f"{lang}/{file}: {key} has an empty or non-text form")
        elif not isinstance(value, str) or not value:
            found.append(f"{lang}/{file}: {key} is not a text")
        if key in reference and placeholders(value) != placeholders(reference[key]):
            found.append(f"{lang}/{file}: {key} has placeholders {sorted(placeholders(value))}")
    return found


@pytest.mark.parametrize("file", FILES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_matches_english(lang, file):
    reference = catalogue("en", file)
    assert problems(lang, file, reference, catalogue(lang, file)) == []


def test_the_comparison_fails_on_a_missing_extra_or_different_entry():
    reference = {"a": "Hello {name}", "b": {"one": "{count} card", "other": "{count} cards"}}
    good = {"a": "Hallo {name}", "b": {"one": "{count} Karte", "other": "{count} Karten"}}
    assert problems("de", "app", reference, good) == []
    assert problems("de", "app", reference, {"a": good["a"]}) == ["de/app: missing b"]
    assert problems("de", "app", reference, {**good, "c": "x"}) == ["de/app: extra c"]
    assert problems("de", "app", reference, {**good, "a": "Hallo {nom}"}) == [
        "de/app: a has placeholders ['nom']"
    ]
    assert problems("es", "app", reference, {**good, "b": {"one": "{count}", "other": "{count}"}})
    assert problems("de", "app", reference, {**good, "b": {"other": "{count} Karten"}})
    zero = {**good, "b": {**good["b"], "=0": "keine Karten"}}
    assert problems("de", "app", reference, zero) == []
    assert problems("de", "app", reference, {**good, "b": {**good["b"], "zero": "keine"}})


def test_a_brazilian_count_of_zero_reads_plural():
    """CLDR's Portuguese rule puts 0 in "one", so a pt-BR "one" form that writes the number
    would say "0 ponto"; Brazilian Portuguese says "0 pontos". Each such entry has its exact
    "=0" form (which i18n.js honours first), and that form is not the singular one."""
    wrong = [
        key
        for file in FILES
        for key, value in catalogue("pt-BR", file).items()
        if isinstance(value, dict)
        and "{count}" in value["one"]
        and value["one"] != value["other"]
        and value.get("=0", value["one"]) == value["one"]
    ]
    assert wrong == []


def test_namespaces_keep_to_their_file():
    """games.json holds the games' keys (`game.`), app.json everything else."""
    assert all(key.startswith("game.") for key in catalogue("en", "games"))
    assert not any(key.startswith("game.") for key in catalogue("en", "app"))


def test_every_server_error_code_has_its_sentence():
    keys = catalogue("en", "app")
    assert [code.value for code in ErrorCode if f"error.{code.value}" not in keys] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_deck_problem_has_its_sentence_naming_exactly_its_params(lang):
    """A deck refusal or import note is shown as `deck.problem.<code>` filled from its params
    (decks/errors.py `Problem`), so each needs that sentence, with those placeholders, and no
    sentence is left for a code that is gone."""
    keys = catalogue(lang, "app")
    wanted = {f"deck.problem.{problem.value}": problem.params for problem in Problem}
    found = {key for key in keys if key.startswith("deck.problem.")}
    wrong = [f"missing {key}" for key in wanted if key not in found]
    wrong += [f"extra {key}" for key in found if key not in wanted]
    wrong += [
        f"{key} has placeholders {sorted(placeholders(keys[key]))}"
        for key in sorted(found & set(wanted))
        if placeholders(keys[key]) != wanted[key]
    ]
    assert wrong == []


def test_every_table_setting_has_its_label_and_help():
    keys = catalogue("en", "app")
    wanted = [f"settings.{s.name}.{part}" for s in NUMBER_SETTINGS for part in ("label", "help")]
    assert [key for key in wanted if key not in keys] == []


# -- keys the client names ------------------------------------------------------------------


def client_files() -> list[Path]:
    return sorted([*STATIC.rglob("*.js"), STATIC / "index.html"])


COMMENT = re.compile(r"/\*.*?\*/|^\s*//.*?$|\s//\s.*?$", re.DOTALL | re.MULTILINE)


def named_keys(text: str, namespaces: set[str]) -> set[str]:
    """Every catalogue key a file names outside its comments: `data-i18n="key"`, each key of
    `data-i18n-attr`, and every quoted string that is a dotted name in one of the catalogues'
    namespaces (so a key chosen by a condition, `t(x ? "a.b" : "a.c")`, is checked too)."""
    text = COMMENT.sub("", text)
    keys = set(re.findall(r'data-i18n="([^"]+)"', text))
    for pairs in re.findall(r'data-i18n-attr="([^"]+)"', text):
        keys.update(pair.split(":", 1)[1].strip() for pair in pairs.split(";") if ":" in pair)
    for literal in re.findall(r"""["']([a-zA-Z][\w-]*(?:\.[\w-]+)+)["']""", text):
        if literal.split(".")[0] in namespaces:
            keys.add(literal)
    return keys


def key_prefixes(text: str) -> set[str]:
    """The fixed start of every key built in a template: t(`error.${code}`) -> "error."."""
    return set(re.findall(r"\bt\(\s*`([^`$]*)\$\{", text))


def test_every_key_the_client_names_exists():
    keys = english()
    namespaces = {key.split(".")[0] for key in keys}
    missing = []
    for path in client_files():
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(STATIC)
        for key in sorted(named_keys(text, namespaces) - set(keys)):
            # A key's stem the code completes (`${kick}.title`) names the keys under it.
            if not any(known.startswith(key + ".") for known in keys):
                missing.append(f"{name}: {key}")
        for prefix in key_prefixes(text):
            if prefix and not any(key.startswith(prefix) for key in keys):
                missing.append(f"{name}: no key starts {prefix!r}")
    assert missing == []


def test_the_client_scan_finds_keys_and_misses_nothing_it_should_see():
    text = """t("home.title"); t(ok ? "home.a" : "home.b"); t(`error.${code}`);
      <p data-i18n="page.skip"></p><input data-i18n-attr="placeholder:chat.x;title:chat.y">
      import "./i18n.js"; const path = "locales/en.json"; // t("home.comment")
      /** `data-i18n="page.doc"` */"""
    assert named_keys(text, {"home", "page", "chat", "error"}) == {
        "home.title",
        "home.a",
        "home.b",
        "page.skip",
        "chat.x",
        "chat.y",
    }
    assert key_prefixes(text) == {"error."}


# -- the games' own refusals ----------------------------------------------------------------


def _strings(node) -> set[str]:
    """The strings an expression may give: a constant, or either branch of `a if c else b`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    return set()


def _name(node) -> str:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def refusal_codes(folder: Path) -> set[str]:
    """The codes a game's rules refuse an action with, read from its source: the first
    argument of `IllegalAction(...)` and `_illegal(...)`, the second of `require(cond, code,
    message)`, the first of each `REFUSALS` entry and what a `refusal()` function returns."""
    codes = set()
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args:
                name = _name(node.func)
                if name in ("IllegalAction", "_illegal"):
                    codes |= _strings(node.args[0])
                elif name == "require" and len(node.args) > 1:
                    codes |= _strings(node.args[1])
            elif isinstance(node, ast.Assign) and any(_name(t) == "REFUSALS" for t in node.targets):
                if isinstance(node.value, ast.Dict):
                    entries = [v for v in node.value.values if isinstance(v, ast.Tuple)]
                    codes.update(*(_strings(entry.elts[0]) for entry in entries))
            elif isinstance(node, ast.FunctionDef) and node.name == "refusal":
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return) and inner.value is not None:
                        codes.update(*map(_strings, ast.walk(inner.value)))
    return codes


def test_every_rule_refusal_of_every_game_has_its_sentence():
    keys = english()
    shared = refusal_codes(ENGINE_SOURCE)  # every game's: a malformed action, no such seat
    missing = []
    for game_id in games.ids():
        folder = GAMES_SOURCE / game_id.replace("-", "_")
        if not folder.is_dir():
            continue  # a game the tests register, not one the site ships
        own = refusal_codes(folder)
        assert own, f"no refusal codes found for {game_id}: is the scan still right?"
        for code in sorted(own | shared):
            if f"game.{game_id}.error.{code}" not in keys and f"error.{code}" not in keys:
                missing.append(f"{game_id}: {code}")
    assert missing == []
