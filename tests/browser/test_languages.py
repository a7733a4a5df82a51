"""The site in the browser's language (issue 21, "Languages"): a German browser gets German,
the language picker's choice outlives a reload, the server's refusals are sentences in the
chosen language, and no screen asks for a key the catalogues lack (`window.__missingKeys`).

For a test in another language: `open_in(lang)` opens the site in a browser whose language is
`lang` and waits until the page speaks it; `words(lang)` is that language's catalogue (both
files), so a test finds buttons by their words in it; `missing_keys(page)` lists the keys the
page asked for and found in no catalogue.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from driver import PHONE, create_table, wait_for_table
from playwright.sync_api import expect

LOCALES = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "static" / "locales"
#: The page's language for each language the site has (its `<html lang>`).
LANGUAGES = ["en", "de", "es", "pt-BR"]


def words(lang: str) -> dict:
    """The catalogue of `lang`: every key of app.json and games.json."""
    found = {}
    for file in ("app", "games"):
        found.update(json.loads((LOCALES / lang / f"{file}.json").read_text(encoding="utf-8")))
    return found


def missing_keys(page) -> list[str]:
    return page.evaluate("window.__missingKeys")


def speaks(page, lang: str) -> None:
    """Until the page has loaded its catalogues and drawn in `lang`."""
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    page.wait_for_selector("#app h1, #app h2")


def with_i18n(page, function: str):
    """What `function` (JavaScript, given the exports of i18n.js as the page loaded it, its
    language's catalogues in) returns in the page."""
    main = "document.querySelector(\"script[type=module][src*='main.js']\").src"
    return page.evaluate(f"async () => ({function})(await import(new URL('./i18n.js', {main})))")


@pytest.fixture
def open_in(open_page):
    """`open_in(lang, viewport=DESKTOP, seat=None, path="/")`: a fresh browser whose language is
    `lang` (a BCP 47 tag: "de-DE", "pt-BR"), on the site, once the page speaks the site's
    language for it (`page_lang`, default: the tag itself)."""

    def open_one(lang: str, page_lang: str | None = None, **kwargs):
        page = open_page(locale=lang, **kwargs)
        speaks(page, page_lang or lang)
        return page

    open_one.expected_console = open_page.expected_console
    return open_one


def test_a_german_browser_gets_german_and_a_chosen_language_stays(open_in, site, screens):
    de, es = words("de"), words("es")
    page = open_in("de-DE", page_lang="de")
    expect(page.locator("h1")).to_have_text(de["home.title"])
    expect(page.get_by_role("button", name=de["prefs.button"])).to_be_visible()
    expect(page.locator("#create-game option").first).to_be_attached()
    screens(page, "languages-home-de")

    page.select_option("#home-language", "es")  # the page loads again, in Spanish
    speaks(page, "es")
    expect(page.locator("h1")).to_have_text(es["home.title"])
    page.reload()
    speaks(page, "es")
    expect(page.locator("h1")).to_have_text(es["home.title"])
    expect(page.locator("#home-language")).to_have_value("es")

    # The server's refusals, as sentences in Spanish: a code no table has, a name taken.
    open_in.expected_console.extend(["status of 404", "status of 409"])
    page.fill("#player-name", "Ann")
    page.fill("#join-code", "ZZZZ22")
    page.get_by_role("button", name=es["home.join.submit"]).click()
    expect(page.locator("#app [role=alert]").first).to_have_text(es["error.not-found.join"])
    code = create_table(site, "Ann", {})["code"]
    page.fill("#join-code", code)
    page.get_by_role("button", name=es["home.join.submit"]).click()
    expect(page.get_by_text(es["error.name-taken"])).to_be_visible()
    assert missing_keys(page) == []

    # The create form, the lobby and the table of a game under way, all in Spanish.
    page.fill("#player-name", "Cy")
    page.get_by_role("button", name=es["home.create.submit"]).click()
    wait_for_table(page)
    expect(page.locator("#stage-title")).to_contain_text(es["lobby.title"].split("{game}: ")[1])
    page.get_by_role("button", name=es["lobby.addBot"]).click()
    page.get_by_role("button", name=es["lobby.addBot"]).click()
    page.wait_for_function("document.querySelectorAll('.member').length >= 3")
    screens(page, "languages-lobby-es")
    page.get_by_role("button", name=es["lobby.start"]).click()
    page.wait_for_selector(".stage .cah, .stage .action-bar, .hand-grid", state="attached")
    expect(page.locator(".players-panel h2")).to_have_text(es["players.title"])
    screens(page, "languages-table-es")
    assert missing_keys(page) == []


def test_the_display_dialog_chooses_the_language_too(open_in, screens):
    page = open_in("en-US", page_lang="en", viewport=PHONE)
    page.get_by_role("button", name=words("en")["prefs.button"]).click()
    page.get_by_role("dialog").locator("select[name=language]").select_option("pt-BR")
    speaks(page, "pt-BR")
    pt = words("pt-BR")
    expect(page.locator("h1")).to_have_text(pt["home.title"])
    page.get_by_role("button", name=pt["prefs.button"]).click()
    expect(page.get_by_role("dialog")).to_contain_text(pt["prefs.contrast"])
    screens(page, "languages-prefs-pt-BR")
    assert missing_keys(page) == []


@pytest.mark.parametrize(
    ("browser_language", "page_language"),
    [("pt-PT", "pt-BR"), ("de-AT", "de"), ("es-MX", "es"), ("fr-FR", "en")],
)
def test_a_browser_language_is_matched_by_its_primary_subtag(
    open_in, browser_language, page_language
):
    page = open_in(browser_language, page_lang=page_language)
    expect(page.locator("h1")).to_have_text(words(page_language)["home.title"])


def test_every_language_has_its_own_name_in_the_picker(open_in):
    page = open_in("en-US", page_lang="en")
    names = page.locator("#home-language option").evaluate_all(
        "options => options.map(o => [o.value, o.lang, o.textContent])"
    )
    assert [value for value, _, _ in names] == LANGUAGES
    assert all(value == lang for value, lang, _ in names)
    assert dict((value, text) for value, _, text in names)["de"] == "Deutsch"


def test_counts_and_numbers_follow_the_language(open_in):
    """t() picks the plural form Intl.PluralRules names for the count (Spanish says "de" for
    whole millions), writes numbers and lists the language's way, and gives back (and records)
    a key no catalogue has."""
    page = open_in("es-ES", page_lang="es")
    said = with_i18n(
        page,
        """({ t, formatNumber, formatList }) => {
            const cards = (count) => t("decks.blackCards", { count });
            return [cards(1), cards(2), cards(1000000), formatNumber(12345),
                    formatList(["Ann", "Bob", "Cy"]), t("no.such.key"), window.__missingKeys];
        }""",
    )
    assert said == [
        "1 carta negra",
        "2 cartas negras",
        "1.000.000 de cartas negras",
        "12.345",
        "Ann, Bob y Cy",
        "no.such.key",
        ["no.such.key"],
    ]


def test_a_brazilian_zero_takes_the_plural(open_in):
    """Intl.PluralRules("pt-BR") puts 0 in "one"; the catalogue's exact "=0" form comes first
    (i18n.js), so the page says "0 pontos", as Brazilian Portuguese does."""
    page = open_in("pt-BR")
    said = with_i18n(
        page, """({ t }) => [0, 1, 2].map((count) => t("players.points", { count }))"""
    )
    assert said == ["0 pontos", "1 ponto", "2 pontos"]


#: Sentences that name you past their start, said by the games' own word modules to seat 0
#: ("You", as the renderers name your seat) about Bob (seat 1): Bob named you to go next
#: (Cunt-Soul), you won a deal (Russian Bank), you in a list (who confessed, whose field).
READER = """async () => {
  await (await import("/js/i18n.js")).loadLanguage();
  const { t } = await import("/js/i18n.js");
  const soul = await import("/js/games/cunt-soul/words.js");
  const bank = await import("/js/games/russian-bank/words.js");
  const { midSentence } = await import("/js/games/subject.js");
  const name = (seat) => (seat === 0 ? t("game.common.you") : "Bob");
  return [soul.eventNews({ type: "named", seat: 1, chosen: 0 }, name, 0),
    bank.dealOutcome({ deal: 2, winner: 0, points: [3, 0], how: "forfeit" }, name, 0),
    midSentence(0, 0, name)];
}"""


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", ["Bob hat dich als Nächstes bestimmt.", "Runde 2: Du gewinnst, 3 Punkte", "du"]),
        ("es", ["Bob te eligió para seguir.", "Ronda 2: ganas tú, 3 puntos", "tú"]),
        (
            "pt-BR",
            ["Bob escolheu você para jogar depois.", "Rodada 2: você venceu, 3 pontos", "você"],
        ),
    ],
)
def test_the_reader_named_past_the_start_of_a_sentence(open_in, lang, expected):
    """Not "Bob hat Du … bestimmt", "Bob eligió a Tú", "Runde 2: Du gewinnt" or "Você"
    mid-sentence: the sentence has its own form for you, and a list says you in lower case."""
    page = open_in(lang)
    named, won, listed = page.evaluate(READER)
    assert [named, won.split(" (")[0], listed] == expected
