"""One person plays Cunt-Soul through the site against two bots, to the finishing order.

The person lays out their cards with the keyboard alone, changes their field card once through
the form, and from then on does whatever the page asks with the mouse: play the first card it
offers, else the first choice (pick up, a face-down card, higher or lower, a player to name, no
swap, end the run). The bots play on the server.
"""

from __future__ import annotations

import time

import pytest
from driver import ACTION_TIMEOUT_S, DESKTOP, PHONE, Watchdog, start_against_bots, tab_to

YOU = ".cs-you:not([hidden])"
CARD = ".cs-grid .white-card.selectable"
#: The choices of the moment: in the bottom bar, and the field change's switch in "Your move".
CHOICE = ":is(.cs-controls, .action-bar .action-buttons) > button.cs-choice:not([disabled])"
FIELD_TOGGLE = "Change your field card…"


def updates(page) -> str:
    return page.locator(".cs").get_attribute("data-updates") or "0"


def wait_for_answer(page, before: str) -> None:
    """Until the table has redrawn after our action, or the action was refused."""
    page.wait_for_function(
        "before => document.querySelector('.end .winner-title')"
        " || document.querySelector('.cs').dataset.updates !== before"
        " || document.querySelector('.action-error').textContent !== ''",
        arg=before,
    )


def refused(page) -> bool:
    return page.locator(".action-error").inner_text() != ""


def choices(page) -> list:
    return [b for b in page.locator(CHOICE).all() if b.inner_text() != FIELD_TOGGLE]


def act(page, do) -> bool:
    """Do one thing and wait for its answer; True when the server took it."""
    page.evaluate("document.querySelector('.action-error').textContent = ''")
    before = updates(page)
    do()
    wait_for_answer(page, before)
    return not refused(page)


def take_turn(page) -> bool:
    """Whatever the page asks of its player now; False when it asks nothing."""
    if not page.locator(YOU).count():
        return False
    cards = page.locator(CARD)
    primary = page.locator(".cs-primary")
    if primary.is_visible() and cards.count():
        for index in range(cards.count()):
            cards.nth(index).click()
            if not primary.is_enabled():
                continue
            if act(page, primary.click):
                return True
            cards = page.locator(CARD)
            if not cards.count():
                break
    return any(act(page, button.click) for button in choices(page))


def your_turn(page) -> bool:
    """Whether the page asks you to move now: read in one go, as the game may end (and the
    stage switch to the end screen) between two reads."""
    return page.evaluate(
        """() => {
          const you = document.querySelector('.cs-you:not([hidden])');
          const title = document.querySelector('.cs-title');
          return Boolean(you && title && title.textContent === 'Your turn');
        }"""
    )


def check_cards_offered_as_can_says(page, site, code: str, seat: int) -> None:
    """On its turn the page lets its player pick exactly the cards the server's `you.can`
    offers for a play, and offers the pickup exactly when `can` does: the browser works out no
    rule itself. The cards are compared while the page asks for a play (its grid also picks a
    new field card, from `can.field_change`). The page may still be drawing the step before
    (the bots move at once), so the two are compared until they agree (ACTION_TIMEOUT_S)."""
    deadline = time.monotonic() + ACTION_TIMEOUT_S
    while True:
        can = site.read(code, lambda s: s.game.view(s.game_state, seat)["you"]["can"])
        asks_for_a_play = "then play them" in page.locator(".cs-prompt").inner_text()
        offered = page.eval_on_selector_all(
            ".cs-grid > [data-key]",
            "tiles => tiles.filter(t => t.firstElementChild.classList.contains('selectable'))"
            ".map(t => Number(t.dataset.key))",
        )
        pickup = page.get_by_role("button", name="Pick up the pile").count()
        playable = {card for play in can["play"] for card in play["cards"]}
        cards_agree = not asks_for_a_play or set(offered) == playable
        if cards_agree and pickup == int(can["pickup"]):
            return
        assert time.monotonic() < deadline, (sorted(offered), pickup, sorted(playable), can)
        time.sleep(0.05)


def is_over(page) -> bool:
    return page.locator(".end .winner-title").count() > 0


def lay_out_with_the_keyboard(page) -> None:
    tab_to(page, ".cs-grid .white-card")
    for _ in range(4):
        page.keyboard.press("Space")
        page.keyboard.press("ArrowRight")
    summary = page.locator(".cs-summary").inner_text()
    assert "Face up:" in summary and "Field card:" in summary, summary
    before = updates(page)
    page.keyboard.press("Enter")
    wait_for_answer(page, before)
    assert not refused(page)


def change_field_once(page, screens) -> bool:
    toggle = page.get_by_role("button", name=FIELD_TOGGLE)
    if not toggle.count():
        return False
    toggle.click()
    form = page.locator(".cs-form")
    assert form.get_by_label("New field card from your hand").count() == 1
    screens(page, "cunt-soul-field-change")
    return act(page, form.get_by_role("button", name="Change field").click)


@pytest.mark.long
@pytest.mark.quick_bots
def test_one_person_plays_cunt_soul_against_bots_to_the_end(open_page, site, screens):
    started = time.monotonic()
    page, code, host = start_against_bots(open_page, site, "cunt-soul", 2, PHONE)
    seat = site.read(code, lambda s: s.seat_of(host["member"]))
    page.wait_for_selector(CARD)
    assert page.locator(".cs-prompt").inner_text().startswith("Choose 3 cards to lay face up")
    screens(page, "cunt-soul-select")
    lay_out_with_the_keyboard(page)
    # Until the others have chosen, only your own layout shows (marked secret).
    assert page.locator(".cs-seat").first.get_by_role("img", name="secret").count() in (0, 4)
    # Everyone's field and face-up cards are shown once all have chosen, with suits in words.
    page.wait_for_function(
        "!document.querySelector('.cs-title').textContent.startsWith('Laying out')"
    )
    labels = page.locator(".cs-seat .cs-card[role=img]").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert any(" of " in label for label in labels), labels
    assert page.locator(".cs-constraint").inner_text().startswith("Next play:")

    shots = {"table": False, "field": False, "pickup": False}
    watchdog = Watchdog("the game")
    while not is_over(page):
        watchdog.check()
        if your_turn(page):
            check_cards_offered_as_can_says(page, site, code, seat)
            if not shots["table"]:
                # Screen readers hear that it is your turn, and what the others did.
                page.wait_for_function(
                    "document.getElementById('live-assertive').textContent.includes('Your turn')"
                )
                assert page.locator(".cs-log li").count() > 0
                screens(page, "cunt-soul-turn")
                shots["table"] = True
            if not shots["field"] and change_field_once(page, screens):
                shots["field"] = True
                continue
            if not shots["pickup"] and page.get_by_role("button", name="Pick up the pile").count():
                screens(page, "cunt-soul-pickup")
                shots["pickup"] = True
        if take_turn(page):
            watchdog.moved()
        else:
            time.sleep(0.1)

    assert shots["table"], "the page never said it was your turn"
    page.wait_for_selector(".cs-finish-order li")
    order = page.locator(".cs-finish-order li").all_inner_texts()
    result = site.read(code, lambda s: s.results[-1])
    assert len(order) >= 1
    assert page.locator(".standings tbody tr").count() == 3
    assert result["reason"] in ("sole-cunt", "stalemate")
    screens(page, "cunt-soul-end")
    page.set_viewport_size(DESKTOP)
    print(f"cunt-soul game over in {time.monotonic() - started:.0f}s; finishing order {order}")
