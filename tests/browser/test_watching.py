"""A spectator and the big-screen view see the black card, answers and scores, and no hand."""

from __future__ import annotations

from driver import (
    DESKTOP,
    PHONE,
    add_bots,
    create_table,
    play_until_over,
    take_turn,
    wait_for_table,
)

TV = {"width": 1920, "height": 1080}


def test_spectator_and_big_screen(open_page, site, screens):
    host = create_table(site, "Ann", {"pointsTarget": 2})
    code = host["code"]
    player = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(player)
    add_bots(player, 2)

    watcher = open_page(PHONE, path=f"/#/join/{code}")
    watcher.fill("#player-name", "Wes")
    watcher.get_by_label("Just watch (spectator)").check()
    watcher.get_by_role("button", name="Join table").click()
    wait_for_table(watcher)
    tv = open_page(TV, path=f"/#/tv/{code}")
    wait_for_table(tv)
    assert tv.locator(".qr:visible").count() == 1
    assert "watching" in watcher.locator(".member", has_text="Wes").inner_text()

    player.get_by_role("button", name="Start the game").click()
    for page in (watcher, tv):
        page.wait_for_selector(".cah .black-text")
        assert page.locator(".hand-grid .white-card").count() == 0
        assert page.locator(".action-bar:not([hidden])").count() == 0
        assert (
            page.locator(".black-text").inner_text() == player.locator(".black-text").inner_text()
        )
    assert tv.locator("#chat-input").count() == 0
    screens(watcher, "spectator")
    screens(tv, "big-screen")

    # Answers show on the big screen once everyone has played.
    while not tv.locator(".answer-grid .white-card").count():
        take_turn(player)
    screens(tv, "big-screen-answers")
    play_until_over([player])
    tv.wait_for_selector(".member-score")
    scores = tv.locator(".member-score").all_inner_texts()
    assert "2" in scores
    assert watcher.locator(".winner-title").is_visible()
