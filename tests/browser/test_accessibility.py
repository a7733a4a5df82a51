"""axe-core finds no serious or critical violation on any main screen of any game, on a phone
(390x844) and a desktop (1280x800), in the dark theme and the light one.

The screens: home, the create form of every game with all its sections open, the display
settings, every how-to page; for each game its lobby, a decision of the player at its table
(CAH: submitting, the Czar's pick, and the judging house rules' votes, ranking and
eliminating; Russian Bank: a turn with a card picked; CSH: the draft, a turn to draw or play,
a reaction window and the choices cards ask for; Cunt-Soul: laying out and a turn to play),
the end screen with standings, and the big-screen (TV) view during the game (CAH's at the end
too). The play reaches each decision through the page, except CSH's reaction windows and
choices, which a game reaches only now and then: those are scripted positions, drawn by the
table's renderer. Once the decisions are checked, the player's seat is played to the end over
its own WebSocket by the game's bot (or resigns, in Russian Bank), so the page only has to
draw the end screen.
"""

from __future__ import annotations

import contextlib
import io
import tarfile
import time

import httpx
import pytest
from axe import VERSION, cached_script, check, script_of
from driver import (
    ACTION,
    ACTION_TIMEOUT_S,
    DESKTOP,
    PHONE,
    Watchdog,
    add_bots,
    draw_view,
    get_ready,
    is_over,
    press,
    wait_for_table,
)

from cardtable import bots, games
from cardtable.engine import Rng
from cardtable.games.csh.state import Phase
from csh_table import Table
from server.harness import Client

SCHEMES = ("dark", "light")


@pytest.fixture(scope="module")
def axe_script(service_missing):
    try:
        return cached_script()
    except (OSError, httpx.HTTPError, ValueError) as error:
        service_missing(f"axe-core {VERSION} could not be fetched from the npm registry: {error}")


class Audit:
    """`audit(page, screen)` runs axe on the page at both sizes in both themes and keeps what
    fails; `audit.done()` fails the test listing every screen's failures at once. The first
    theme gets every rule, the second only those a change of colours can break."""

    def __init__(self, script):
        self.script = script
        self.failures: list[str] = []

    def __call__(self, page, screen: str) -> None:
        own = page.viewport_size
        for size in (PHONE, DESKTOP):
            page.set_viewport_size(size)
            for scheme in SCHEMES:
                page.emulate_media(color_scheme=scheme)
                name = f"{screen}-{scheme}-{size['width']}x{size['height']}"
                try:
                    check(page, self.script, name, colours_only=scheme != SCHEMES[0])
                except AssertionError as failed:
                    self.failures.append(str(failed))
        page.set_viewport_size(own)

    def done(self) -> None:
        assert not self.failures, "\n\n".join(self.failures)


@pytest.fixture
def audit(axe_script):
    return Audit(axe_script)


def test_a_tarball_other_than_the_pinned_release_is_refused():
    """axe-core runs only from the tarball whose sha512 the registry published for VERSION."""
    other = io.BytesIO()
    with tarfile.open(fileobj=other, mode="w:gz") as tar:
        code = b"window.axe = {run: async () => ({violations: []})};"
        member = tarfile.TarInfo("package/axe.min.js")
        member.size = len(code)
        tar.addfile(member, io.BytesIO(code))
    with pytest.raises(ValueError, match="not the registry's"):
        script_of(other.getvalue())


OPEN_ALL = "root => root.querySelectorAll('details').forEach(d => { d.open = true; })"


def test_home_create_forms_settings_and_how_to_pages(open_page, site, audit):
    page = open_page(PHONE)
    page.wait_for_selector("#create-game option", state="attached")
    audit(page, "home")
    for game in games.ids():
        page.select_option("#create-game", game)
        page.wait_for_function(
            "id => document.querySelector('.game-howto a')?.getAttribute('href')"
            " === `howto/${id}.html`",
            arg=game,
        )
        page.locator("#app").evaluate(OPEN_ALL)
        audit(page, f"create-{game}")
    page.locator("#prefs-button").click()
    page.wait_for_selector("#prefs-dialog[open]")
    audit(page, "display-settings")
    page.locator("#prefs-dialog button[type=submit]").click()
    for game in games.ids():
        page.goto(f"{site.url}/howto/{game}.html")
        page.wait_for_selector("h1")
        audit(page, f"howto-{game}")
    audit.done()


def open_table(open_page, site, game: str, bot_count: int, options: dict | None = None):
    """Ann's new table of `game` (with `options`; CAH's to 3 points unless they say) with
    `bot_count` bots of the normal level, in its lobby on her desktop page, every section of
    the host's settings open: her page, the code, her join."""
    options = {"pointsTarget": 3, **(options or {})} if game == "cah" else options or {}
    joined = site.api(
        "POST", "/api/tables", game=game, name="Ann", options=options, client="client-axe-0001"
    )
    code = joined["code"]
    page = open_page(DESKTOP, seat=(code, joined), path=f"/#/t/{code}")
    wait_for_table(page)
    page.select_option("#bot-kind", "normal")
    add_bots(page, bot_count)
    page.locator("#app").evaluate(OPEN_ALL)
    return page, code, joined


def start(page) -> None:
    page.get_by_role("button", name="Start the game").click()


def big_screen(open_page, code: str):
    """The table's big-screen (TV) view, on a desktop page."""
    tv = open_page(DESKTOP, path=f"/#/tv/{code}")
    wait_for_table(tv)
    return tv


def finish(site, code: str, joined: dict, action: dict | None = None, until=None) -> None:
    """Play the seat of `joined` over its own WebSocket: `action` once (a resignation), then
    whatever the game's autopilot bot chooses at each of its turns, until the game is over or
    `until(can)` holds for what the seat may do now (its view's `you.can`)."""
    client = Client(f"ws://127.0.0.1:{site.port}/ws/{code}", joined["token"])
    game, seat = site.read(code, lambda s: (s.game, s.seat_of(joined["member"])))
    bot, rng = bots.get(bots.autopilot(game.id), game.id), Rng(3)
    watchdog = Watchdog("the seat's autopilot")
    try:
        if action is not None:
            client.play(action)
        while True:
            status, state = site.read(code, lambda s: (s.status, game.clone(s.game_state)))
            if status != "playing" or (until and until(game.view(state, seat)["you"]["can"])):
                return
            watchdog.check()
            if seat in game.to_act(state):
                client.play(bot.choose(game, state, seat, rng))
                watchdog.moved()
            else:
                with contextlib.suppress(TimeoutError):
                    client.recv(0.05)
    finally:
        client.close()


def wait_for_end(page) -> None:
    """Until the end screen shows with its standings; the page may still be drawing the many
    steps `finish` played in a burst."""
    page.wait_for_selector(".end .winner-title", timeout=30_000)
    page.wait_for_selector(".standings tbody tr")


#: The screen each decision of a CAH player is audited as, by the first word of the label of
#: the bottom bar's action.
CAH_SCREENS = {
    "Submit": "cah-submit",
    "Choose": "cah-czar-pick",
    "Vote": "cah-vote",
    "Rank": "cah-rank",
    "Eliminate": "cah-eliminate",
}
#: The page has an action to take (pressable, or waiting for its cards to be chosen), or the
#: game is over.
READY = f"""() => {{
  const b = document.querySelector('{ACTION}');
  const choosing = /^({"|".join(CAH_SCREENS)})/;
  return Boolean(document.querySelector('.end .winner-title')) || Boolean(b
    && b.getClientRects().length && (!b.disabled || choosing.test(b.textContent)));
}}"""


def audit_decisions(page, audit, wanted: set[str], tv=None) -> None:
    """Ann plays every decision her CAH page asks of her (reveals too) until each of `wanted`
    (first words of the bar's label, CAH_SCREENS) has been audited once with its cards chosen.
    `tv`, the big screen, is audited the first time she is (a round is under way then)."""
    seen: set[str] = set()
    watchdog = Watchdog("Ann's decisions")
    while not wanted <= seen:
        assert not is_over(page), f"Ann only saw {seen}"
        watchdog.check(seen)
        label = get_ready(page)
        if label is None:
            page.wait_for_function(READY)
            continue
        kind = label.split()[0]
        if kind in wanted and kind not in seen:
            audit(page, CAH_SCREENS[kind])
            if tv is not None and not seen:
                tv.wait_for_selector(".cah .black-text")
                audit(tv, "cah-tv-round")
            seen.add(kind)
        press(page, page.locator(ACTION))
        watchdog.moved()


@pytest.mark.quick_bots
def test_cah_lobby_round_czar_end_and_big_screen(open_page, site, audit):
    """To 3 points with 3 players, so that Ann is Czar in one of the first three rounds."""
    page, code, joined = open_table(open_page, site, "cah", 2)
    audit(page, "cah-lobby")
    tv = big_screen(open_page, code)
    start(page)
    page.wait_for_selector(".cah .black-card")
    audit_decisions(page, audit, {"Submit", "Choose"}, tv)
    finish(site, code, joined)
    wait_for_end(page)
    page.keyboard.press("Escape")  # the winner's moment goes away
    audit(page, "cah-end")
    tv.wait_for_selector(".end .winner-title")
    audit(tv, "cah-tv-end")
    audit.done()


@pytest.mark.quick_bots
@pytest.mark.parametrize(
    ("options", "bot_count", "decision"),
    [
        # God Is Dead (K18): no Czar, everyone votes for an answer not their own.
        ({"judging": "godIsDead"}, 2, "Vote"),
        # Serious Business: Ann is the first Czar, and ranks the three answers of three bots.
        ({"judging": "seriousBusiness", "firstCzar": "hostPick", "firstCzarSeat": 0}, 3, "Rank"),
        # Survival of the Fittest (K20): the Czar rotates, and each round the seat after the
        # Czar eliminates, so Ann does in one of the first three rounds (1 point a round).
        ({"judging": "survival"}, 2, "Eliminate"),
    ],
    ids=["god-is-dead-vote", "serious-business-rank", "survival-eliminate"],
)
def test_cah_judging_modes(open_page, site, audit, options, bot_count, decision):
    """The decisions the judging house rules ask of a player, each audited with its answers
    chosen."""
    page, _, _ = open_table(open_page, site, "cah", bot_count, options)
    start(page)
    page.wait_for_selector(".cah .black-card")
    audit_decisions(page, audit, {decision})
    audit.done()


@pytest.mark.quick_bots
def test_russian_bank_turn_picked_card_and_end(open_page, site, audit):
    page, code, joined = open_table(open_page, site, "russian-bank", 1)
    audit(page, "russian-bank-lobby")
    start(page)
    page.wait_for_function(
        "document.querySelector('.rb-title')?.textContent === 'Your turn'"
        " && document.querySelector('.rb-pile.is-source, .rb-pile.is-turnable')"
    )
    page.wait_for_selector(".rb-board:not([aria-busy])")
    audit(page, "russian-bank-turn")
    source = page.locator(".rb-board:not([aria-busy]) .rb-pile.is-source")
    deadline = time.monotonic() + ACTION_TIMEOUT_S
    while not source.count():  # turn cards up until one can be picked (the bot may move between)
        assert time.monotonic() < deadline, "no card to pick came to the page"
        turnable = page.locator(".rb-board:not([aria-busy]) .rb-pile.is-turnable")
        if turnable.count():
            turnable.first.click()
        time.sleep(0.1)
    source.first.click()
    page.wait_for_selector(".rb-pile.is-target")
    audit(page, "russian-bank-picked")
    page.keyboard.press("Escape")
    tv = big_screen(open_page, code)
    tv.wait_for_selector(".rb .rb-pile")
    audit(tv, "russian-bank-tv")
    finish(site, code, joined, {"type": "resign"})
    wait_for_end(page)
    audit(page, "russian-bank-end")
    audit.done()


@pytest.mark.quick_bots
def test_csh_draft_turn_and_end(open_page, site, audit):
    page, code, joined = open_table(open_page, site, "csh", 1)
    audit(page, "csh-lobby")
    start(page)
    page.wait_for_selector(".csh-moves:not([hidden]) .csh-groups button")
    audit(page, "csh-draft")
    page.locator(".csh-groups button").first.click()
    # Whatever comes before Ann's turn to draw or play (reactions, choices) is answered by
    # her bot: which comes first varies from game to game.
    finish(site, code, joined, until=lambda can: bool(can and can.get("draw")))
    page.wait_for_function(
        "document.querySelector('.csh-prompt')?.textContent.startsWith('Your turn')"
        " && document.querySelector('.action-bar:not([hidden]) button:not([hidden]):enabled')"
    )
    audit(page, "csh-turn")
    tv = big_screen(open_page, code)
    tv.wait_for_selector(".csh .csh-archive")
    audit(tv, "csh-tv")
    finish(site, code, joined)
    wait_for_end(page)
    page.wait_for_selector(".csh-final .csh-archive")
    audit(page, "csh-end")
    audit.done()


def test_csh_reaction_window_and_choices(open_page, audit):
    """The positions a random game reaches only now and then, built by the game's position
    builder (csh_table.Table) and drawn by the table's renderer: a reaction window (CSH-10)
    for the seat that may Cancel the card just played and for its player, who waits; a card
    asking its player to choose a target seat, the target to choose a card, and a player to
    order the top of the deck."""
    page = open_page()
    window = Table(seats=2, hands={0: ["B4", "B3"], 1: ["B2", "B3"]}, deck=["E1"])
    window.play(0, "B4")  # Alumnus: draw a card; seat 1 may Cancel it (B2)
    assert window.state.phase is Phase.WINDOW
    target = Table(seats=3, hands={0: ["P2"], 1: ["E3", "E4"], 2: ["E5"]}, deck=["E1"])
    target.play(0, "P2")  # Recruitment Flyer: choose a player, who discards a card of theirs
    target.pass_all()
    chosen = Table(seats=3, hands={0: ["P2"], 1: ["E3", "E4"], 2: ["E5"]}, deck=["E1"])
    chosen.play(0, "P2")
    chosen.pass_all()
    chosen.choose(seat=1)
    order = Table(seats=2, hands={0: ["O3"]}, deck=["E1", "E2", "E3", "E4"])
    order.play(0, "O3")  # Scheduling: reorder the top three cards of the deck
    positions = [
        ("csh-reaction", window, 1, "react"),
        ("csh-reaction-waiting", window, 0, "pass"),
        ("csh-choose-seat", target, 0, "choose-seat"),
        ("csh-choose-card", chosen, 1, "choose-card"),
        ("csh-choose-order", order, 0, "choose-order"),
    ]
    for screen, table, seat, offered in positions:
        assert offered in {action["type"] for action in table.legal(seat)}, screen
        draw_view(page, "csh", table.view(seat), seat)
        page.wait_for_selector(".csh-moves:not([hidden]) button, .action-bar:not([hidden])")
        audit(page, screen)
    audit.done()


@pytest.mark.quick_bots
def test_cunt_soul_layout_turn_and_end(open_page, site, audit):
    page, code, joined = open_table(open_page, site, "cunt-soul", 1)
    audit(page, "cunt-soul-lobby")
    start(page)
    page.wait_for_selector(".cs-grid .white-card.selectable")
    audit(page, "cunt-soul-layout")
    cards = page.locator(".cs-grid .white-card.selectable")
    for index in range(4):
        cards.nth(index).click()
    page.locator(".cs-primary").click()
    page.wait_for_function(
        "document.querySelector('.cs-title')?.textContent === 'Your turn'"
        " && document.querySelector('.cs-you:not([hidden])')"
    )
    audit(page, "cunt-soul-turn")
    tv = big_screen(open_page, code)
    tv.wait_for_selector(".cs .cs-seat")
    audit(tv, "cunt-soul-tv")
    finish(site, code, joined)
    wait_for_end(page)
    page.wait_for_selector(".cs-finish-order li")
    audit(page, "cunt-soul-end")
    audit.done()
