"""Playing CAH through the site as a person would: read the page, click or press keys.

`take_turn(page)` does whatever the page asks of its player right now (submit, reveal, pick,
rank, vote, eliminate) with the mouse (`get_ready(page)` makes the choice without pressing);
`play_until_over(pages)` loops it over every player. `draw_view(page, game, view, seat)`
draws a view the test built (a scripted position) with the game's own renderer.
`check_action_bar(page, label)` checks that the bottom bar holding that action is in view and
clickable on a phone and on a desktop. `listen(page)` records every sentence the live regions
say, and `expect_heard(page, text)` waits until one of them holds the text: a sentence stays in
its region only until the next one, so reading the region itself misses news that a bot's move
replaced a moment later.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout

BAR = ".action-bar:not([hidden])"
ACTION = f"{BAR} .action-button"
PHONE = {"width": 390, "height": 844}
#: How long a test waits for the page (an action, an `expect`, a step the page should send)
#: before it fails. A passing test never waits this long; the room is for a busy machine
#: (parallel test workers on two cores), where 10 s (the old limit) and 5 s (Playwright's own
#: for `expect`) were met by pages that were only slow.
ACTION_TIMEOUT_S = 30
#: How long a game played through its pages may go without a move before a test calls it hung.
#: A whole game's wall time depends on the machine and is never limited, only the gap between
#: two moves.
STALL_S = 120
#: More moves than any game a browser test plays can take: past them, the game never ends.
MOST_MOVES = 5000
DESKTOP = {"width": 1280, "height": 800}


def create_table(site, name: str, options: dict, **body) -> dict:
    return site.api(
        "POST",
        "/api/tables",
        game="cah",
        name=name,
        options=options,
        client=f"client-{name}-0001",
        **body,
    )


def join_table(site, code: str, name: str, **body) -> dict:
    return site.api(
        "POST", f"/api/tables/{code}/join", name=name, client=f"client-{name}-0001", **body
    )


LISTEN = """() => {
  window.heard = [];
  for (const id of ["live-polite", "live-assertive"]) {
    const region = document.getElementById(id);
    new MutationObserver(() => region.textContent && window.heard.push(region.textContent))
      .observe(region, { childList: true, characterData: true, subtree: true });
  }
}"""
HEARD = "text => window.heard.some(sentence => sentence.includes(text))"


def listen(page) -> None:
    """From now on, keep in `window.heard` whatever the page's live regions say."""
    page.evaluate(LISTEN)


def heard(page) -> list[str]:
    return page.evaluate("window.heard")


def expect_heard(page, text: str) -> None:
    """Until a screen reader on `page` has been told `text` (since `listen(page)`)."""
    try:
        page.wait_for_function(HEARD, arg=text)  # the context's ACTION_TIMEOUT_S
    except PlaywrightTimeout:
        raise AssertionError(f"never heard {text!r}; heard {heard(page)}") from None


def wait_for_table(page) -> None:
    """Until the table screen is connected and shows the table."""
    page.wait_for_selector("#connection-status[data-state=open]", state="attached")
    page.wait_for_selector(".member")


def hand_ids(page) -> list[int]:
    return [
        int(k)
        for k in page.locator(".hand-grid > li").evaluate_all(
            "tiles => tiles.map(t => t.dataset.key)"
        )
    ]


def _first_number(text: str, default: int = 1) -> int:
    found = re.search(r"\d+", text)
    return int(found.group()) if found else default


def choose_hand_cards(page, count: int, allow_blank: bool = False) -> None:
    """Select `count` cards of the hand, skipping blank cards unless allowed."""
    tiles = page.locator(".hand-grid > li")
    chosen = 0
    for index in range(tiles.count()):
        if chosen == count:
            break
        tile = tiles.nth(index)
        if not allow_blank and "blank" in tile.inner_text().lower():
            continue
        tile.locator(".white-card").click()
        chosen += 1
    for write in page.locator(".write-input").all():
        write.fill("A card we wrote ourselves")


def choose_answers(page, count: int) -> None:
    cards = page.locator(".answer-grid .white-card.selectable")
    for index in range(count):
        cards.nth(index).click()


def get_ready(page) -> str | None:
    """Choose the cards the action the page asks of its player now needs (none for one that
    takes no choice, as Reveal); its label then, or None if nothing can be pressed."""
    button = page.locator(ACTION)
    if not button.count() or not button.is_visible():
        return None
    label = button.inner_text()
    if button.is_disabled():
        if label.startswith("Submit"):
            choose_hand_cards(page, _first_number(label))
        elif label.startswith("Rank"):
            choose_answers(page, _first_number(label))
        elif label.startswith(("Choose", "Vote", "Eliminate")):
            choose_answers(page, 1)
        else:
            return None
    return None if button.is_disabled() else label


def take_turn(page) -> str | None:
    """Do what the page asks of its player now; the action's label, or None if nothing."""
    if get_ready(page) is None:
        return None
    return press(page, page.locator(ACTION))


#: The page moved on after an action: the game ended, the bar went, its label changed, it may
#: be pressed again, or a new round began (quick bots can bring the next round's same action,
#: under the same label, before a test looks).
MOVED_ON = f"""([label, round]) => {{
  const b = document.querySelector('{ACTION}');
  const title = document.querySelector('.round-title');
  return Boolean(document.querySelector('.end .winner-title')) || !b || b.textContent !== label
    || !b.disabled || (title ? title.textContent : null) !== round; }}"""


def press(page, button) -> str:
    """Press the action bar's `button` and wait until the page moved on; its label."""
    label = button.inner_text()
    title = page.locator(".round-title")
    round_title = title.first.inner_text() if title.count() else None
    button.click()
    page.wait_for_function(MOVED_ON, arg=[label, round_title])
    return label


#: The element at the centre of the element, in the viewport: is it that element (or inside it)?
ON_TOP = """el => { const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return Boolean(hit && el.contains(hit)); }"""


#: Resolves once the page has drawn a frame after this point (observers of sizes have run).
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def check_action_bar(page, label: str) -> None:
    """At 390x844, then at 1280x800, with the page scrolled where it is: the bottom bar lies
    inside the viewport and its action button (holding `label`) is enabled and on top, so a tap
    reaches it. Then, on the phone scrolled to the end of the page, the page's last content is
    above the bar (it leaves room for it). The page is left at its own size."""
    own = page.viewport_size
    bar = page.locator(BAR)
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        box = bar.bounding_box()
        assert box is not None, f"no action bar at {size}"
        inside = box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"]
        assert inside and box["y"] + box["height"] <= size["height"], (size, box)
        button = bar.locator(".action-button")
        assert label in button.inner_text() and button.is_enabled(), (size, button.inner_text())
        assert button.evaluate(ON_TOP), f"the {label!r} button is covered at {size}"
    page.set_viewport_size(PHONE)
    page.evaluate(NEXT_FRAME)  # the bar's new height reaches the page's padding (a ResizeObserver)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    end = page.locator("main > :last-child").bounding_box()
    end = end["y"] + end["height"]
    assert end <= bar.bounding_box()["y"], (end, bar.bounding_box())
    page.set_viewport_size(own)


def is_over(page) -> bool:
    return page.locator(".end .winner-title").count() > 0


class Watchdog:
    """The hang guard of a loop that plays a game through its pages: `check()` fails once
    STALL_S seconds pass without `moved()` (a page or a server that stopped), or once more than
    MOST_MOVES moves were made (a game that never ends). A slow machine slows the whole game down
    without failing the test; only a gap of STALL_S between two moves does."""

    def __init__(self, what: str) -> None:
        self.what, self.moves = what, 0
        self.deadline = time.monotonic() + STALL_S

    def moved(self) -> None:
        self.moves += 1
        assert self.moves <= MOST_MOVES, f"{self.what}: not done after {MOST_MOVES} moves"
        self.deadline = time.monotonic() + STALL_S

    def check(self, detail: object = "") -> None:
        """Fails when nothing moved for STALL_S seconds; `detail` goes into the message."""
        assert time.monotonic() < self.deadline, f"{self.what}: still for {STALL_S} s {detail}"


def play_until(pages, done, each_turn=None) -> list[str]:
    """Everyone plays their turns until `done()`; the labels of the actions taken."""
    watchdog, taken = Watchdog("the pages' turns"), []
    while not done():
        watchdog.check(taken)
        acted = False
        for page in pages:
            label = take_turn(page)
            if label and each_turn:
                each_turn(page, label)
            if label:
                taken.append(label)
                watchdog.moved()
            acted = acted or bool(label)
        if not acted:
            time.sleep(0.1)
    return taken


def play_until_over(pages, each_turn=None) -> None:
    """Everyone plays their turns until every page shows the end screen."""
    play_until(pages, lambda: all(is_over(page) for page in pages), each_turn)


FOCUSED = """([selector, text]) => { const el = document.activeElement;
  return Boolean(el && el.matches(selector) && el.textContent.includes(text)); }"""


def tab_to(page, selector: str, text: str = "", limit: int = 120) -> None:
    """Press Tab until the focused element matches `selector` and holds `text` (no clicks)."""
    for _ in range(limit):
        if page.evaluate(FOCUSED, [selector, text]):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector} {text!r}")


def add_bots(page, count: int, label: str = "Add bot") -> None:
    """Add `count` bots with the lobby's button (`label`: its words in the page's language)."""
    for _ in range(count):
        before = page.locator(".member").count()
        page.get_by_role("button", name=label).click()
        page.wait_for_function("n => document.querySelectorAll('.member').length > n", arg=before)


def start_against_bots(open_page, site, game: str, bots: int, viewport, options=None):
    """Ann creates a table of `game` over the API, adds `bots` bots of the `normal` level (the
    game's heuristic) in the lobby and starts the game; returns her page, the table code and
    her seat's join answer."""
    host = site.api(
        "POST",
        "/api/tables",
        game=game,
        name="Ann",
        options=options or {},
        client=f"client-{game}-ann-0001",
    )
    code = host["code"]
    page = open_page(viewport, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(page)
    page.select_option("#bot-kind", "normal")
    add_bots(page, bots)
    page.get_by_role("button", name="Start the game").click()
    return page, code, host


DRAW_VIEW = """async ([gameId, view, seat]) => {
  // The renderer's words come from the catalogues its own i18n.js module has loaded.
  const { loadLanguage, t } = await import("/js/i18n.js");
  await loadLanguage();
  const { loadRenderer } = await import("/js/games/index.js");
  const game = (await (await fetch("/api/games")).json()).find((g) => g.id === gameId);
  const renderer = (await loadRenderer(gameId))({ act: () => new Promise(() => null),
    hostAction: () => null, report: () => null, mode: "seat" });
  // The table page's frame: its title, and the stage named by the renderer's own title.
  const title = document.createElement("h1");
  title.textContent = t("table.title", { code: "DRAWN" });
  const stage = document.createElement("section");
  stage.className = "stage";
  stage.setAttribute("aria-labelledby", "stage-title");
  stage.append(renderer.element);
  const main = document.createElement("main");
  main.append(title, stage);
  document.body.replaceChildren(main);
  renderer.update({ view, seat, game, seatName: (s) => `Seat ${s + 1}` }, []);
}"""


def draw_view(page, game: str, view: dict, seat: int) -> None:
    """Replace the page's body with the table page's frame (a `<main>` with its title and the
    stage) holding `game`'s table renderer (its style loaded) drawing `view`, the view the
    server would send to `seat` (the game's `view()` of a position a test built), as the table
    page would on a player's update."""
    page.evaluate(DRAW_VIEW, [game, view, seat])
