"""Display settings persist on the device: high contrast, large text and reduced motion; the
page follows the system's light or dark setting, and High contrast wins over both."""

from __future__ import annotations

from driver import PHONE, add_bots, create_table, wait_for_table

BACKGROUND = "getComputedStyle(document.body).backgroundColor"
LIGHT, DARK, BLACK = "rgb(244, 243, 239)", "rgb(21, 21, 21)", "rgb(0, 0, 0)"


def test_high_contrast_and_large_text_persist(open_page, site, screens):
    host = create_table(site, "Ann", {})
    code = host["code"]
    page = open_page(PHONE, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(page)
    page.emulate_media(color_scheme="light")
    assert page.evaluate(BACKGROUND) == LIGHT
    page.emulate_media(color_scheme="dark")
    assert page.evaluate(BACKGROUND) == DARK
    page.emulate_media(color_scheme="light")
    add_bots(page, 2)
    page.get_by_role("button", name="Display & sound").click()
    page.get_by_label("High contrast").check()
    page.get_by_label("Large text").check()
    page.get_by_label("Reduce motion").check()
    page.get_by_role("button", name="Done").click()
    page.reload()
    wait_for_table(page)
    classes = page.evaluate("document.documentElement.className").split()
    assert {"high-contrast", "large-text", "reduce-motion"} <= set(classes)
    assert page.evaluate(BACKGROUND) == BLACK  # in a light system too
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector(".cah .black-text")
    screens(page, "high-contrast")
