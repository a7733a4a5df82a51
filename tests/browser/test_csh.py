"""CSH: The Card Game through the site: one person plays two heuristic bots to the final count.

The person only ever acts through the page: the buttons of "Your move" (choose a directorship,
play a card into a slot, Cancel, answer a choice) and of the bottom bar (draw, pass), some of
them by keyboard.
"""

from __future__ import annotations

import contextlib
import random
import time

import pytest
from driver import DESKTOP, PHONE, Watchdog, is_over, start_against_bots, tab_to
from playwright.sync_api import Locator, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

MOVES = ".csh-moves:not([hidden])"
#: The bottom bar's buttons shown now: drawing and passing.
BAR = ".action-bar:not([hidden]) button:not([hidden])"
WATCHED = ["#stage-title", ".csh-prompt", ".csh-groups", ".csh-log", ".csh-effects"]
# What the page shows of the game: it changes once an action has been taken.
SIGNATURE = (
    "() => [document.querySelector('.csh-moves')?.hidden, "
    + ", ".join(f"document.querySelector('{s}')?.textContent" for s in WATCHED)
    + "].join('|')"
)


def groups(page) -> list[tuple[str, list]]:
    """The offered moves: (group title, its enabled buttons), the bottom bar's first (a bar
    button is named "Group title: label", as the group buttons are)."""
    out = []
    for button in page.locator(f"{BAR}:not([disabled])").all():
        out.append((button.get_attribute("aria-label").split(":")[0], [button]))
    for group in page.locator(f"{MOVES} .csh-group").all():
        title = group.locator(".csh-group-title").inner_text()
        out.append((title, group.locator("button:not([disabled])").all()))
    return [(title, buttons) for title, buttons in out if buttons]


def choose(page, rng: random.Random, seen: dict) -> Locator | None:
    """Pick one of the offered moves: its button, or None when none is offered."""
    offered = groups(page)
    if not offered:
        return None
    titles = [title for title, _ in offered]
    if titles[0] == "Let it resolve":
        cancels = [(t, b) for t, b in offered if t.startswith(("Cancel it", "Negate"))]
        # Cancel once when it can, to see the reaction play out; otherwise let it resolve.
        if cancels and not seen.get("canceled"):
            seen["canceled"] = True
            return cancels[0][1][0]
        return offered[0][1][0]
    if titles[0] == "Draw":
        plays = offered[1:]
        if plays and rng.random() < 0.55:
            return rng.choice(plays)[1][0]
        return offered[0][1][0]
    return rng.choice(offered)[1][0] if titles[0] != "Directorships" else offered[0][1][0]


def tab_to_label(page, name: str, limit: int = 150) -> None:
    """Press Tab until the focused control's accessible name is `name` (no clicks)."""
    for _ in range(limit):
        if page.evaluate("document.activeElement.getAttribute('aria-label')") == name:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {name!r}")


def act(page, button, keyboard: bool = False) -> None:
    """Click (or Tab to it and press Enter) and wait for the page to change; the same moves may
    be offered again (the next reaction window), so a page that stays the same is read afresh.
    By keyboard, the focus must not be lost when the button goes away."""
    before = page.evaluate(SIGNATURE)
    if keyboard:
        tab_to_label(page, button.get_attribute("aria-label"))
        page.keyboard.press("Enter")
    else:
        button.click()
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"before => ({SIGNATURE})() !== before", arg=before, timeout=5000)
    if keyboard:
        page.wait_for_function("document.activeElement !== document.body")
        assert page.evaluate("document.querySelector('.csh').contains(document.activeElement)")


def check_one_button_per_legal_action(page, site, code: str, seat: int) -> None:
    """On its turn the page offers one button per action the server's `you.can` expands to
    (which is exactly the legal list): the browser works out no rule itself."""
    count = site.read(
        code, lambda s: len(s.game.expand_affordances(s.game.view(s.game_state, seat)))
    )
    offered = f"{MOVES} .csh-group button:not([disabled]), {BAR}:not([disabled])"
    expect(page.locator(offered)).to_have_count(count)


@pytest.mark.long
@pytest.mark.quick_bots
def test_one_person_plays_csh_against_bots_to_the_final_count(open_page, site, screens):
    page, code, host = start_against_bots(open_page, site, "csh", 2, DESKTOP)
    seat = site.read(code, lambda s: s.seat_of(host["member"]))

    # The draft: Ann chooses her directorship from the offered buttons, by keyboard.
    page.wait_for_selector(".csh .csh-title")
    expect(page.locator(".csh-prompt")).to_have_text("Choose your directorship.")
    tab_to(page, ".csh-groups button")
    page.keyboard.press("Enter")
    page.wait_for_selector(".csh-hand .csh-card")
    expect(page.locator(".csh-archive")).to_have_count(3)
    expect(page.locator(".csh-facts")).to_contain_text("Deck")
    screens(page, "csh-table")

    rng = random.Random(8)
    seen: dict = {}
    shots = {"window": False, "choice": False, "stack": False, "phone": False}
    keyboard_turns = 0
    watchdog = Watchdog("the game")
    while not is_over(page):
        watchdog.check()
        if not page.locator(MOVES).count():
            time.sleep(0.1)
            continue
        # One read: the stage may be redrawn (or the game end) between two.
        prompt = page.evaluate(
            "() => { const p = document.querySelector('.csh-prompt'); return p && p.innerText; }"
        )
        if prompt is None:
            continue
        if prompt.endswith("Cancel this?") and not shots["window"]:
            screens(page, "csh-cancel-prompt")
            shots["window"] = True
        if page.locator(".csh-effect-stack:not([hidden])").count() and not shots["stack"]:
            screens(page, "csh-effect-stack")
            shots["stack"] = True
        if ":" in prompt and "choose" in prompt.lower() and not shots["choice"]:
            screens(page, "csh-choice")
            shots["choice"] = True
        if prompt.startswith("Your turn"):
            check_one_button_per_legal_action(page, site, code, seat)
        button = choose(page, rng, seen)
        if button is None:
            time.sleep(0.1)
            continue
        # Now and then a move goes by keyboard alone.
        keyboard = prompt.startswith("Your turn") and keyboard_turns < 3
        keyboard_turns += keyboard
        act(page, button, keyboard)
        watchdog.moved()
        if not shots["phone"] and page.locator(".csh-chip").count() >= 4:
            page.set_viewport_size(PHONE)
            screens(page, "csh-phone")
            page.set_viewport_size(DESKTOP)
            shots["phone"] = True

    # The end: the winner, the standings with every total, and the final count of Archives.
    result = site.read(code, lambda s: s.results[-1])
    assert result["reason"] == "election"
    standings = page.locator(".standings tbody tr")
    expect(standings).to_have_count(3)
    assert sorted(int(t) for t in standings.locator("td:last-child").all_inner_texts()) == sorted(
        result["scores"]
    )
    # A game where every Archive ties is a draw, and says so; otherwise the winner's total shows.
    headline = "everyone shares first place" if result.get("draw") else "Voting Power"
    expect(page.locator(".winner-title")).to_contain_text(headline)
    page.wait_for_selector(".csh-final .csh-archive")
    totals = page.locator(".csh-final .csh-total").all_inner_texts()
    assert sorted(int(t.split()[0]) for t in totals) == sorted(result["scores"])
    screens(page, "csh-end")
