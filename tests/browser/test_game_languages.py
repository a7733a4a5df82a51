"""A game in each language (issue 21, "Languages"): one person plays against bots through a page
whose browser speaks German (Cards Against Humanity), Spanish (Cunt-Soul), Brazilian Portuguese
(Russian Bank, to a resignation) or English (CSH: the draft and the first turns). At every step
the page asks for no key the catalogues lack and shows none of English's sentences that the
language words otherwise; the moves are found by the server's `you.can` and by the page's
structure, never by English words.
"""

from __future__ import annotations

import random
import re
import time

import pytest
from driver import (
    ACTION,
    DESKTOP,
    PHONE,
    Watchdog,
    add_bots,
    choose_answers,
    choose_hand_cards,
    press,
    wait_for_table,
)
from playwright.sync_api import expect
from test_csh import act as csh_act
from test_csh import choose as csh_choose
from test_cunt_soul import act as cs_act
from test_languages import missing_keys, speaks, words
from test_russian_bank import play_in_page, snapshot, wait_for_step

from cardtable.bots.russian_bank import HeuristicBot
from cardtable.engine import Rng

PLACEHOLDER = re.compile(r"\{\w+\}")


def english_phrases(lang: str) -> list[str]:
    """English's fixed phrases (the text between placeholders, 12 characters or more) that the
    `lang` entry of the same key does not contain: none of them may be on its pages."""
    english, own = words("en"), words(lang)
    found = set()
    for key, value in english.items():
        theirs = own[key] if isinstance(own[key], dict) else {"": own[key]}
        forms = value.values() if isinstance(value, dict) else [value]
        for form in forms:
            for part in PLACEHOLDER.split(form):
                part = part.strip(" .,:;·()!?")
                if len(part) >= 12 and not any(part in text for text in theirs.values()):
                    found.add(part)
    return sorted(found)


class Speaks:
    """Checks a page at each step: no missing key, no catalogue key and no English phrase in
    its visible text."""

    def __init__(self, page, lang: str):
        self.page, self.phrases, self.steps = page, english_phrases(lang), 0

    def check(self) -> None:
        self.steps += 1
        text = self.page.evaluate("document.body.innerText")
        assert missing_keys(self.page) == []
        assert re.findall(r"\bgame\.[a-z-]+\.[\w.-]+", text) == []
        assert [phrase for phrase in self.phrases if phrase in text] == []


def start(
    open_page, site, lang: str, page_lang: str, game: str, bots: int, options=None, lobby=None
):
    """Ann's table of `game` on a page in `lang`, `bots` quick bots added and the game started
    through the lobby's own words (`lobby(page)` looks at the lobby first): her page, the
    table code and her seat."""
    host = site.api(
        "POST",
        "/api/tables",
        game=game,
        name="Ann",
        options=options or {},
        client=f"client-{game}-{lang}-0001",
    )
    code = host["code"]
    page = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}", locale=lang)
    speaks(page, page_lang)
    wait_for_table(page)
    own = words(page_lang)
    page.select_option("#bot-kind", "normal")
    add_bots(page, bots, own["lobby.addBot"])
    if lobby:
        lobby(page)
    page.get_by_role("button", name=own["lobby.start"]).click()
    seat = site.read(code, lambda s: s.seat_of(host["member"]))
    return page, code, seat


def is_over(page) -> bool:
    return page.locator(".end .winner-title").count() > 0


def until_over(page, turn, speaking: Speaks) -> None:
    watchdog = Watchdog("the game")
    while not is_over(page):
        watchdog.check()
        if turn():
            watchdog.moved()
            speaking.check()
        else:
            time.sleep(0.05)
    speaking.check()


# -- Cards Against Humanity in German -------------------------------------------------------


def cah_turn(page, site, code: str, seat: int) -> bool:
    """What the page asks now, sized by the server's `you.can`: True when an action went."""
    button = page.locator(ACTION)
    if not button.count() or not button.is_visible():
        return False
    can = site.read(code, lambda s: s.game.view(s.game_state, seat)["you"]["can"])
    if button.is_disabled():
        if can["submit"]:
            choose_hand_cards(page, min(can["submit"]))
        elif can["rank"]:
            choose_answers(page, can["rank"]["size"])
        elif can["pick"] or can["vote"] or can["eliminate"]:
            choose_answers(page, 1)
    if button.is_disabled():
        return False
    press(page, button)
    return True


@pytest.mark.long
@pytest.mark.quick_bots
def test_cards_against_humanity_in_german(open_page, site, screens):
    de = words("de")

    def lobby(page):
        """The host's form: presets, sections and settings in German, none in English."""
        expect(page.locator(".preset-name")).to_contain_text([de["game.cah.preset.official.label"]])
        expect(page.locator(".preset-about").first).to_have_text(de["game.cah.preset.default.note"])
        expect(page.locator(".host-panel summary .group-name").first).to_have_text(
            de["game.common.section.house-rules"]
        )
        Speaks(page, "de").check()
        screens(page, "languages-cah-de-lobby")

    page, code, seat = start(open_page, site, "de-DE", "de", "cah", 2, {"pointsTarget": 2}, lobby)
    page.wait_for_selector(".cah .round-title")
    expect(page.locator(".hand h3")).to_have_text(de["game.cah.ui.hand"])
    expect(page.locator(".round-title")).to_contain_text("Runde 1")
    speaking = Speaks(page, "de")
    speaking.check()
    screens(page, "languages-cah-de")
    until_over(page, lambda: cah_turn(page, site, code, seat), speaking)
    winner = page.locator(".winner-title").inner_text()
    assert winner.endswith(("gewinnt!", "teilen sich den Sieg!")), winner
    page.wait_for_selector(".history-round")
    assert "Runde 1" in page.locator(".history-list").inner_text()
    speaking.check()
    screens(page, "languages-cah-de-end")


# -- Cunt-Soul in Spanish -------------------------------------------------------------------


def cs_turn(page, field_toggle: str) -> bool:
    """Whatever the page asks: play the first cards it lets you, else its first choice (the
    field change's switch aside)."""
    if not page.locator(".cs-you:not([hidden])").count():
        return False
    cards = page.locator(".cs-grid .white-card.selectable")
    primary = page.locator(".cs-primary")
    if primary.is_visible() and cards.count():
        for index in range(cards.count()):
            cards.nth(index).click()
            if primary.is_enabled() and cs_act(page, primary.click):
                return True
            cards = page.locator(".cs-grid .white-card.selectable")
            if index + 1 >= cards.count():
                break
    choice = ":is(.cs-controls, .action-bar .action-buttons) > button.cs-choice:not([disabled])"
    buttons = [b for b in page.locator(choice).all() if b.inner_text() != field_toggle]
    return any(cs_act(page, button.click) for button in buttons)


@pytest.mark.long
@pytest.mark.quick_bots
def test_cunt_soul_in_spanish(open_page, site, screens):
    es = words("es")
    page, _, _ = start(open_page, site, "es-ES", "es", "cunt-soul", 1)
    page.wait_for_selector(".cs .cs-title")
    expect(page.locator(".cs-title")).to_have_text(es["game.cunt-soul.title.select"])
    expect(page.locator(".cs-constraint")).to_contain_text(es["game.cunt-soul.ui.next-play"])
    speaking = Speaks(page, "es")
    speaking.check()
    screens(page, "languages-cunt-soul-es")
    until_over(page, lambda: cs_turn(page, es["game.cunt-soul.ask.field-change"]), speaking)
    expect(page.locator(".cs-history h3")).to_have_text(es["game.cunt-soul.history.order"])
    speaking.check()
    screens(page, "languages-cunt-soul-es-end")


# -- Russian Bank in Brazilian Portuguese ---------------------------------------------------


@pytest.mark.long
@pytest.mark.quick_bots
def test_russian_bank_in_brazilian_portuguese(open_page, site, screens):
    """A few moves by the page (the bot's choices, played through it), then a resignation
    through the Resign button and its confirmation: the end screen in Portuguese."""
    pt = words("pt-BR")
    page, code, seat = start(open_page, site, "pt-BR", "pt-BR", "russian-bank", 1)
    page.wait_for_selector(".rb .rb-pile")
    expect(page.locator(".rb-status")).to_contain_text(pt["game.russian-bank.status.classic"])
    speaking = Speaks(page, "pt-BR")
    speaking.check()
    game = site.read(code, lambda s: s.game)
    chooser, rng, moves, watchdog = HeuristicBot(), Rng(3), 0, Watchdog("the first moves")
    while moves < 4:
        watchdog.check()
        _, seq, state = site.read(code, snapshot)
        if seat not in game.to_act(state):
            time.sleep(0.02)
            continue
        action = chooser.choose(game, state, seat, rng)
        if action["type"] not in ("move", "turn"):
            break
        play_in_page(page, action, moves + 1)
        wait_for_step(site, code, seq, action)
        moves += 1
        watchdog.moved()
        speaking.check()
    screens(page, "languages-russian-bank-pt-BR")
    page.locator(".rb-board:not([aria-busy])").wait_for()
    page.get_by_role("button", name=pt["game.russian-bank.ui.resign"]).click()
    page.wait_for_selector(".end .winner-title")
    winner = page.locator(".winner-title").inner_text()
    assert winner.endswith(pt["game.russian-bank.end.wins"].split("{name}")[1]), winner
    page.wait_for_selector(".history-round")
    assert "Rodada 1" in page.locator(".history-list").inner_text()
    speaking.check()
    screens(page, "languages-russian-bank-pt-BR-end")


# -- CSH in English -------------------------------------------------------------------------


@pytest.mark.quick_bots
def test_csh_in_english_asks_for_no_missing_key(open_page, site, screens):
    """English is the catalogues' own language: the draft and the first turns of CSH draw
    every word from them (no key missing, none shown raw), on a phone."""
    page, _, _ = start(open_page, site, "en-US", "en", "csh", 1)
    page.set_viewport_size(PHONE)
    expect(page.locator(".csh-prompt")).to_have_text(words("en")["game.csh.prompt.directorship"])
    speaking, rng, seen = Speaks(page, "en"), random.Random(4), {}
    watchdog = Watchdog("the page's questions")
    while speaking.steps < 12 and not is_over(page):
        watchdog.check()
        button = csh_choose(page, rng, seen)
        if button is None:
            time.sleep(0.05)
            continue
        csh_act(page, button)
        watchdog.moved()
        speaking.check()
    screens(page, "languages-csh-en")
