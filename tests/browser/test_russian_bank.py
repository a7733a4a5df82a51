"""Russian Bank in the browser: a whole deal against a bot, every move made through the page
(click a card then its destination, the keyboard, or drag and drop), and a Stop! called from
the Stop button on an order-of-play error.

The human side's choices come from the heuristic bot reading the engine's legal list; the test
then finds those piles on the page and plays them as a person would.
"""

from __future__ import annotations

import time

import pytest
from driver import ACTION_TIMEOUT_S, DESKTOP, PHONE, Watchdog, start_against_bots, wait_for_table
from playwright.sync_api import Page, expect

from cardtable.bots.russian_bank import HeuristicBot
from cardtable.engine import Rng
from cardtable.games.russian_bank.piles import DISCARD, TURNED


def create(site, name: str, options: dict) -> dict:
    return site.api(
        "POST",
        "/api/tables",
        game="russian-bank",
        name=name,
        options=options,
        client=f"client-rb-{name}-0001",
    )


def pile(page, pile_id: str, state: str):
    return page.locator(f'[data-pile="{pile_id}"].{state}')


def play_in_page(page, action: dict, count: int) -> None:
    """Make `action` through the page: mostly clicks, every 5th move by keyboard, every 7th by
    drag and drop; turning up cards by the S and H keys."""
    kind = action["type"]
    page.wait_for_selector(".rb-board:not([aria-busy])")
    if kind == "move":
        source, target = pile(page, action["from"], "is-source"), action["to"]
        if count % 7 == 3:
            source.wait_for()
            source.drag_to(page.locator(f'[data-pile="{target}"]'))
        elif count % 5 == 0:
            source.focus()
            page.keyboard.press("Enter")
            pile(page, target, "is-target").focus()
            page.keyboard.press("Enter")
        else:
            source.click()
            pile(page, target, "is-target").click()
    elif kind == "turn":
        pile(page, action["pile"], "is-turnable").wait_for()
        page.keyboard.press("s" if action["pile"].startswith("stock") else "h")
    elif kind == "end-turn":
        page.get_by_role("button", name="End turn (E)").click()
    elif kind == "stop":
        page.locator(".rb-stop").first.click()
    else:
        raise AssertionError(f"the bot chose {action}")


def snapshot(table) -> tuple[str, int, object]:
    """The table's status, step number and a copy of its game state, all taken at one moment
    under its lock. The live state itself would go on changing as the bot moves after the
    read, ahead of the step number read with it: `wait_for_step` would then return before the
    page's own action was stored, and the next pass would choose that action again."""
    game_state = table.game_state
    return table.status, table.seq, None if game_state is None else table.game.clone(game_state)


def wait_for_step(site, code: str, seq: int, action: dict) -> None:
    deadline = time.monotonic() + ACTION_TIMEOUT_S
    while site.read(code, lambda s: s.seq) == seq:
        assert time.monotonic() < deadline, f"the page did not send {action}"
        time.sleep(0.01)


@pytest.mark.long
@pytest.mark.quick_bots
def test_a_deal_against_a_bot_to_the_end(open_page, site, screens):
    page, code, joined = start_against_bots(open_page, site, "russian-bank", 1, DESKTOP)
    page.wait_for_selector(".rb .rb-pile")
    expect(page.locator(".rb-status")).to_contain_text("Classic")
    expect(page.locator(".rb-status")).to_contain_text("Score")
    screens(page, "russian-bank-table")

    game, seat = site.read(code, lambda s: (s.game, s.seat_of(joined["member"])))
    chooser, rng = HeuristicBot(), Rng(5)
    moves, shot, watchdog, started = 0, False, Watchdog("the deal"), time.monotonic()
    while True:
        status, seq, state = site.read(code, snapshot)
        if status != "playing":
            break
        watchdog.check()
        if seat not in game.to_act(state):
            time.sleep(0.02)
            continue
        action = chooser.choose(game, state, seat, rng)
        if not shot and action["type"] == "move":
            pile(page, action["from"], "is-source").click()
            expect(pile(page, action["to"], "is-target")).to_have_count(1)
            screens(page, "russian-bank-picked")
            page.keyboard.press("Escape")
            expect(page.locator(".rb-pile[aria-pressed=true]")).to_have_count(0)
            shot = True
        play_in_page(page, action, moves)
        wait_for_step(site, code, seq, action)
        moves += 1
        watchdog.moved()

    page.wait_for_selector(".end .winner-title")
    result = site.read(code, lambda s: s.results[-1])
    title = page.locator(".winner-title").inner_text()
    assert ("You win" in title) == (result["winners"] == [seat]), title
    page.wait_for_selector(".history-round")
    screens(page, "russian-bank-end")
    print(f"{moves} moves through the page in {time.monotonic() - started:.0f}s: {title}")


def two_people_started(open_page, site, viewports) -> tuple[str, dict, int]:
    """Ann and Bob at a new classic table, each on a page of their viewport, the game started:
    the table code, each seat's page by seat number, and the seat on turn."""
    ann = create(site, "Ann", {})
    code = ann["code"]
    bob = site.api("POST", f"/api/tables/{code}/join", name="Bob", client="client-rb-Bob-0001")
    joined = {"Ann": ann, "Bob": bob}
    pages = {
        name: open_page(viewport, seat=(code, joined[name]), path=f"/#/t/{code}")
        for name, viewport in zip(("Ann", "Bob"), viewports, strict=True)
    }
    for page in pages.values():
        wait_for_table(page)
    pages["Ann"].get_by_role("button", name="Start the game").click()
    pages["Ann"].wait_for_selector(".rb .rb-pile")  # drawn from the stored start step
    turn, seats = site.read(
        code,
        lambda s: (
            s.game_state.turn,
            {s.seat_of(member["member"]): name for name, member in joined.items()},
        ),
    )
    return code, {seat: pages[name] for seat, name in seats.items()}, turn


def test_stop_button_on_an_order_of_play_error(open_page, site, screens):
    """Two people in classic mode: the one on turn discards his turned card without playing
    his stock first (S1 or S2); the other sees the Stop button with the error and calls it."""
    code, pages, turn = two_people_started(open_page, site, (DESKTOP, PHONE))
    offender, caller = pages[turn], pages[1 - turn]
    offender.wait_for_selector(".rb .rb-pile")
    pile(offender, f"hand:{turn}", "is-turnable").click()
    pile(offender, f"turned:{turn}", "is-source").click()
    pile(offender, f"discard:{turn}", "is-risky").click()
    caller.wait_for_selector(".action-bar .rb-stop")
    expect(caller.locator(".rb-stop-text")).to_contain_text("broke the order of play")
    screens(caller, "russian-bank-stop")
    caller.get_by_role("button", name="Stop!", exact=True).click()
    expect(caller.locator(".rb-title")).to_have_text("Your turn")
    expect(offender.locator(".rb-stop")).to_have_count(0)
    assert site.read(code, lambda s: s.game_state.turn) == 1 - turn


def piles_marked(page, state: str) -> set[str]:
    marked = page.eval_on_selector_all(f".rb-pile.{state}", "els => els.map(e => e.dataset.pile)")
    return set(marked)


def test_the_page_offers_exactly_the_plays_the_servers_can_lists(open_page, site):
    """A card is a source, a pile a target and a drop accepted exactly as the seat's `you.can`
    says (the browser holds no rule): the seat on turn's sources are the keys of `can.moves`,
    a picked card's targets the piles listed for it, and a drop anywhere else sends nothing;
    the seat waiting has no source at all."""
    code, pages, turn = two_people_started(open_page, site, (DESKTOP, DESKTOP))
    page, waiting = pages[turn], pages[1 - turn]

    def can(seat: int) -> dict:
        return site.read(code, lambda s: s.game.view(s.game_state, seat)["you"]["can"])

    page.wait_for_selector(".rb .rb-pile")
    if not can(turn)["moves"]:  # nothing to move yet: turn up the hand's first card
        pile(page, f"hand:{turn}", "is-turnable").click()
        page.wait_for_selector(f'[data-pile="turned:{turn}"]:not([hidden])')
    moves = can(turn)["moves"]
    assert moves, "the seat on turn has a card to move"
    expect(page.locator(".rb-pile.is-source")).to_have_count(len(moves))
    assert piles_marked(page, "is-source") == set(moves)
    assert piles_marked(page, "is-turnable") == set(can(turn)["turn"])
    waiting.wait_for_selector(".rb .rb-pile")
    assert not can(1 - turn)["moves"] and piles_marked(waiting, "is-source") == set()
    for source, targets in moves.items():
        page.locator(f'[data-pile="{source}"]').click()
        expect(page.locator(".rb-pile.is-target")).to_have_count(len(targets))
        assert piles_marked(page, "is-target") == {target["to"] for target in targets}
        page.keyboard.press("Escape")
    source, targets = next(iter(moves.items()))
    allowed = {target["to"] for target in targets}
    elsewhere = next(
        f"{kind}:{i}"
        for kind in ("centre", "layout")
        for i in range(8)
        if f"{kind}:{i}" not in allowed and f"{kind}:{i}" != source
    )
    seq = site.read(code, lambda s: s.seq)
    page.locator(f'[data-pile="{source}"]').drag_to(page.locator(f'[data-pile="{elsewhere}"]'))
    expect(page.locator(".rb-pile[aria-pressed=true]")).to_have_count(0)
    assert site.read(code, lambda s: s.seq) == seq, "a drop on a pile `can` does not list"


def turned_card_over_the_bottom_edge(open_page, site, viewport) -> tuple[str, Page, int]:
    """Two people started, each on a page of `viewport`; the one on turn has turned up his
    stock and then his hand (so the action bar, with nothing to turn up and no turn to end,
    is hidden) and scrolled his discard pile to the screen's bottom edge. Returns the table
    code, his page and his seat: his turned card may go to that discard pile."""
    code, pages, turn = two_people_started(open_page, site, (viewport, viewport))
    page = pages[turn]
    page.wait_for_selector(".rb .rb-pile")
    pile(page, f"stock:{turn}", "is-turnable").click()
    expect(pile(page, f"stock:{turn}", "is-turnable")).to_have_count(0)
    pile(page, f"hand:{turn}", "is-turnable").click()
    pile(page, f"turned:{turn}", "is-source").wait_for()
    expect(page.locator(".action-bar")).to_be_hidden()
    page.locator(f'[data-pile="discard:{turn}"]').evaluate("e => e.scrollIntoView({block: 'end'})")
    return code, page, turn


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def pile_under(page, x: float, y: float) -> str | None:
    """The pile a pointer (or a finger) at (x, y) of the screen would reach."""
    return page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-pile]')?.dataset.pile ?? null",
        [x, y],
    )


def test_a_drag_onto_a_pile_at_the_screens_bottom_edge_lands_there(open_page, site):
    """Your piles sit along the bottom of the screen, where the action bar appears: dragging
    your turned card onto your discard pile there must not raise the bar over it on the way,
    and the drop sends the move (the Cancel button of a picked card waits for a click)."""
    code, page, turn = turned_card_over_the_bottom_edge(open_page, site, DESKTOP)
    source, target = pile(page, f"turned:{turn}", "is-source"), f"discard:{turn}"
    seq = site.read(code, lambda s: s.seq)
    page.mouse.move(*centre(source))
    page.mouse.down()
    x, y = centre(page.locator(f'[data-pile="{target}"]'))
    page.mouse.move(x, y, steps=4)
    expect(source).to_have_attribute("aria-pressed", "true")  # the drag has begun
    under = pile_under(page, x, y)
    assert under == target, f"the card arrives over {under}, not over {target}"
    page.mouse.up()
    wait_for_step(site, code, seq, {"type": "move", "from": f"turned:{turn}", "to": target})
    piles = site.read(code, lambda s: s.game_state.piles)
    assert not piles[TURNED[turn]] and len(piles[DISCARD[turn]]) == 1


def test_a_tap_picked_card_leaves_the_pile_at_the_screens_bottom_edge_in_reach(open_page, site):
    """On a phone a card is moved by two taps. Picking it shows the action bar's Cancel
    button; the piles along the bottom of the screen, the player's own among them, must stay
    where a tap reaches them, not under the bar that has just appeared."""
    code, page, turn = turned_card_over_the_bottom_edge(open_page, site, PHONE)
    target = f"discard:{turn}"
    seq = site.read(code, lambda s: s.seq)
    pile(page, f"turned:{turn}", "is-source").click()
    expect(page.locator(".action-bar")).to_be_visible()
    x, y = centre(page.locator(f'[data-pile="{target}"]'))
    under = pile_under(page, x, y)
    assert under == target, f"a tap on {target} lands on {under}"
    page.mouse.click(x, y)
    wait_for_step(site, code, seq, {"type": "move", "from": f"turned:{turn}", "to": target})
    piles = site.read(code, lambda s: s.game_state.piles)
    assert not piles[TURNED[turn]] and len(piles[DISCARD[turn]]) == 1
