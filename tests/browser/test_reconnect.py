"""You are back at your seat with everything in place: after a reload, in a second tab, and
after the server restarts (the table is rebuilt from its log)."""

from __future__ import annotations

from driver import (
    PHONE,
    add_bots,
    create_table,
    hand_ids,
    play_until_over,
    take_turn,
    wait_for_table,
)

ONE_ROUND_AT_A_TIME = {"pointsTarget": 2, "firstCzar": "hostPick", "firstCzarSeat": 1}
WATCH_STATUS = """() => {
  const status = document.getElementById("connection-status");
  window.states = [];
  new MutationObserver(() => window.states.push(status.dataset.state))
    .observe(status, { attributes: true, attributeFilter: ["data-state"] });
}"""


def test_reload_second_tab_and_server_restart(open_page, site, screens):
    host = create_table(site, "Ann", ONE_ROUND_AT_A_TIME)
    code = host["code"]
    page = open_page(PHONE, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(page)
    add_bots(page, 2)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector(".hand-grid .white-card")
    hand = hand_ids(page)
    black = page.locator(".black-text").inner_text()
    page.locator(".hand-grid .white-card").first.click()

    page.reload()
    wait_for_table(page)
    assert hand_ids(page) == hand
    assert page.locator(".black-text").inner_text() == black
    assert "(you)" in page.locator(".member").first.inner_text()

    second = page.context.new_page()
    second.goto(f"{site.url}/#/t/{code}")
    wait_for_table(second)
    assert hand_ids(second) == hand
    second.close()

    page.evaluate(WATCH_STATUS)
    site.restart()
    page.wait_for_function(
        "window.states.includes('reconnecting')"
        " && document.getElementById('connection-status').dataset.state === 'open'"
    )
    assert hand_ids(page) == hand
    assert page.locator(".black-text").inner_text() == black
    screens(page, "after-restart")
    assert take_turn(page).startswith("Submit")
    page.wait_for_function(
        "document.querySelector('.round-status').textContent.includes('Your answer is in')"
        " || !document.querySelector('.round-title').textContent.startsWith('Round 1')"
    )
    play_until_over([page])
