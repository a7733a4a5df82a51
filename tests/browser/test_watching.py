"""A spectator and the big-screen view see the black card, answers and scores, and no hand; the
big screen names each round's winner and the game's in large type. A bot removed mid-game keeps
its name in the standings, where Rando is ranked with the seats as the server placed him."""

from __future__ import annotations

from driver import (
    DESKTOP,
    PHONE,
    add_bots,
    create_table,
    play_until,
    play_until_over,
    wait_for_table,
)
from playwright.sync_api import expect

TV = {"width": 1920, "height": 1080}


#: Counts, at every change of the page, whether "You played:" shows while your answer is
#: among those shown for judging (`is-own`); it must show every time until the round is judged.
WATCH_PLAYED = """() => {
  window.playedSeen = { shown: 0, missing: 0 };
  new MutationObserver(() => {
    if (!document.querySelector(".answer-grid .is-own")) return;
    const played = document.querySelector(".played");
    const shown = played && !played.hidden && played.textContent.startsWith("You played:");
    window.playedSeen[shown ? "shown" : "missing"] += 1;
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


def font_px(page, selector: str) -> float:
    return page.locator(selector).first.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")


def test_spectator_and_big_screen(open_page, site, screens, browser):
    host = create_table(site, "Ann", {"pointsTarget": 2, "rando": "official"})
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
    player.evaluate(WATCH_PLAYED)
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

    # The host removes a bot mid-game, once she confirms.
    player.get_by_role("button", name="Manage", exact=True).click()
    player.get_by_role("button", name="Remove Bot 2").click()
    player.get_by_role("dialog", name="Remove Bot 2?").get_by_role("button", name="Remove").click()
    expect(tv.locator(".member.seat-empty")).to_contain_text("Bot 2")  # its seat plays on
    expect(tv.locator(".member.member-other")).to_contain_text("Rando Cardrissian")

    # Answers show on the big screen once everyone has played; then the round's winner.
    play_until([player], lambda: tv.locator(".answer-grid .white-card").count())
    screens(tv, "big-screen-answers")
    play_until([player], lambda: tv.locator(".last-round h3").count())
    expect(tv.locator(".last-round h3")).to_contain_text("wins the round")
    assert font_px(tv, ".black-text") >= 44 and font_px(tv, ".member-name") >= 28
    screens(tv, "big-screen-round")
    play_until_over([player])
    seen = player.evaluate("window.playedSeen")
    assert seen["shown"] and not seen["missing"], seen
    result = site.read(code, lambda s: s.results[-1])
    assert result["names"] == [["Ann"], ["Bot 1"], ["Bot 2"]]
    winners = [result["names"][seat][0] for seat in result["winners"]]
    # The big screen shows the end: the winner, in type read from across the room.
    expect(tv.locator(".winner-title")).to_be_visible()
    assert all(name in tv.locator(".winner-title").inner_text() for name in winners)
    assert font_px(tv, ".winner-title") >= 60
    assert "2" in tv.locator(".end .standings").inner_text()
    screens(tv, "big-screen-end")
    # Every seat by the name it had, Rando too, at the places the server gave them.
    expect(watcher.locator(".end .standings tbody tr")).to_have_count(4)
    rows = watcher.locator(".end .standings tbody tr").evaluate_all(
        "rows => rows.map(r => [r.cells[0].textContent.replace('★ ', ''), r.cells[1].textContent])"
    )
    rando = result["detail"]["rando"]["place"]
    named = [
        *zip(result["places"], ["Ann", "Bot 1", "Bot 2"], strict=True),
        (rando, "Rando Cardrissian"),
    ]
    assert sorted((int(place), name) for place, name in rows) == sorted(named)
    assert [int(place) for place, _ in rows] == sorted(place for place, _ in named)
    screens(watcher, "end-standings")

    # No keyboard hints on a touch screen.
    hint = "document.querySelector('.hint kbd').parentElement"
    assert player.evaluate(f"getComputedStyle({hint}).display") != "none"
    touch = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        phone = touch.new_page()
        phone.goto(site.url)
        assert phone.evaluate(f"getComputedStyle({hint}).display") == "none"
    finally:
        touch.close()
