"""A whole game with the keyboard alone: Tab, arrows, Space, Enter and the number keys."""

from __future__ import annotations

import time

from driver import DESKTOP, Watchdog, expect_heard, heard, is_over, listen, tab_to, wait_for_table

GRID_CARD = ".hand-grid .white-card"
ANSWER_CARD = ".answer-grid .white-card"
PRIMARY = ".action-bar:not([hidden]) .action-button"


def action_label(page) -> str | None:
    button = page.locator(PRIMARY)
    return button.inner_text() if button.count() and button.is_visible() else None


def keyboard_turn(page, turn: int) -> str | None:
    """Take one turn with keys only; the action taken, None when nothing is asked of us."""
    label = action_label(page)
    if label is None:
        return None
    keys = page.keyboard
    if label.startswith("Reveal"):
        tab_to(page, PRIMARY)
        keys.press("Enter")
    elif label.startswith("Submit"):
        need = int(label.split()[1])
        tab_to(page, GRID_CARD)
        if turn % 2:
            for number in range(1, need + 1):  # number keys pick the nth card
                keys.press(str(number))
        else:
            for index in range(need):  # arrows move, Space selects
                if index:
                    keys.press("ArrowRight")
                keys.press(" ")
        keys.press("Enter")
    else:
        tab_to(page, ANSWER_CARD)
        keys.press("ArrowRight")
        keys.press("ArrowLeft")
        keys.press(" ")
        keys.press("Enter")
    page.wait_for_function(
        "label => { const b = document.querySelector('.action-bar:not([hidden]) .action-button');"
        " return !b || b.textContent !== label; }",
        arg=label,
    )
    return label


SPEECH = "() => { window.spoken = []; speechSynthesis.speak = (u) => window.spoken.push(u.text); }"


def test_a_whole_game_with_the_keyboard_alone(open_page):
    page = open_page(DESKTOP)
    listen(page)
    keys = page.keyboard
    page.wait_for_selector("#create-game option", state="attached")
    tab_to(page, "#player-name")
    keys.type("Kim")
    tab_to(page, "input[type=radio]:checked")  # the first preset
    keys.press("ArrowUp")  # round to the last: DigiPen Against Humanity (one by one)
    for section in ("More settings", "How it ends"):
        tab_to(page, "summary", section)
        keys.press("Enter")
    tab_to(page, "input[name=pointsTarget]")
    keys.press("Control+A")
    keys.type("2")
    tab_to(page, "button", "Create table")
    keys.press("Enter")
    wait_for_table(page)
    for _ in range(2):
        tab_to(page, "button", "Add bot")
        before = page.locator(".member").count()
        keys.press("Enter")
        page.wait_for_function("n => document.querySelectorAll('.member').length > n", arg=before)
    tab_to(page, "button", "Start the game")
    keys.press("Enter")
    page.wait_for_selector(".cah .black-card")
    # R reads the focused card aloud with the browser's speech synthesis.
    page.evaluate(SPEECH)
    tab_to(page, GRID_CARD)
    keys.press("r")
    card = page.evaluate("document.activeElement.querySelector('.card-text').textContent")
    assert page.evaluate("window.spoken") == [card]
    watchdog, done = Watchdog("the keyboard game"), []
    while not is_over(page):
        watchdog.check(done)
        label = keyboard_turn(page, len(done))
        if label:
            done.append(label)
            watchdog.moved()
        else:
            time.sleep(0.1)
    # DigiPen: the host judges first, turning the answers over one by one.
    assert done[0].startswith("Reveal answer 1"), done
    assert any(label.startswith("Submit") for label in done), done
    assert any(label.startswith("Choose") for label in done), done
    # Screen readers heard the turns, the submissions, the winners and the end.
    expect_heard(page, "Game over")
    said = "\n".join(heard(page))
    for news in (
        "The game has started",
        "Your turn: choose",
        "Submitted.",
        "wins the round",
        "reveal them one by one",
        "Game over",
    ):
        assert news in said, (news, said)
    assert page.locator(".winner-title").is_visible()
