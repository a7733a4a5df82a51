"""Every house rule's interaction, used once through the site by three players, and the forms
that set them: the create form and the lobby's settings, drawn from what the server serves.

Each table uses only the table's own custom cards (and blank cards), so the hands are known
to hold what a rule needs.
"""

from __future__ import annotations

from driver import (
    DESKTOP,
    PHONE,
    check_action_bar,
    choose_answers,
    choose_hand_cards,
    create_table,
    hand_ids,
    is_over,
    join_table,
    play_until,
    play_until_over,
    take_turn,
    wait_for_table,
)
from playwright.sync_api import expect

WHITES = [f"Answer number {n}" for n in range(80)]
BLACKS = [f"Prompt {n}: _." for n in range(4)]


def table_of_three(open_page, site, options: dict, in_lobby=None):
    """Three players at a started table: {seat: page}, the code and the host's page.
    `in_lobby(pages)` runs in the lobby, before the host starts the game."""
    host = create_table(
        site,
        "Ann",
        {"decks": [], "customWhiteCards": WHITES, "customBlackCards": BLACKS, **options},
    )
    code = host["code"]
    joined = [host, join_table(site, code, "Bob"), join_table(site, code, "Cy")]
    pages = [
        open_page(DESKTOP if n == 0 else PHONE, seat=(code, j), path=f"/#/t/{code}")
        for n, j in enumerate(joined)
    ]
    for page in pages:
        wait_for_table(page)
    pages[0].wait_for_function("document.querySelectorAll('.member').length === 3")
    if in_lobby:
        in_lobby(pages)
    pages[0].get_by_role("button", name="Start the game").click()
    for page in pages:
        page.wait_for_selector(".cah .black-text")
    seats = site.read(code, lambda s: [s.seat_of(j["member"]) for j in joined])
    by_seat = dict(zip(seats, pages, strict=True))
    return by_seat, code, pages[0]


def game(site, code):
    return site.read(code, lambda s: s.game_state)


def roles(site, code, by_seat):
    """The Czar's page (None without one) and the other pages, in seat order."""
    czar = game(site, code).czar
    return by_seat.get(czar), [page for seat, page in sorted(by_seat.items()) if seat != czar]


def act(page, name: str) -> None:
    page.locator(".action-button").click()
    expect(page.locator(".action-bar:not([hidden]) .action-button", has_text=name)).to_have_count(0)


def score_of(page, name: str):
    return page.locator(".member", has_text=name).locator(".member-score")


#: The house rules' buttons, by the key of `you.can` that opens each.
HOUSE_BUTTONS = {
    "bet": "Bet a point",
    "discard": "Discard a card",
    "reboot": "Reboot the universe",
    "neverHaveIEver": "Never have I ever",
}


def check_house_buttons_follow_can(site, code, by_seat) -> None:
    """Each seat's page offers a house rule's button, and a confession's, exactly when the
    server's `you.can` for that seat opens it (the browser works out no rule itself)."""
    for seat, page in by_seat.items():
        can = site.read(code, lambda s, seat=seat: s.game.view(s.game_state, seat)["you"]["can"])
        for key, name in HOUSE_BUTTONS.items():
            button = page.get_by_role("button", name=name, exact=True)
            expect(button).to_have_count(1 if can[key] else 0)
        confess = page.locator(".nhie-item button:not([hidden])")
        expect(confess).to_have_count(len(can["confessCards"]))


def test_official_side_actions_gambling_reboot_discard_confess_and_blank_cards(
    open_page, site, screens
):
    by_seat, code, _ = table_of_three(
        open_page,
        site,
        {
            "preset": "official",
            "blankCards": 40,
            "gambling": True,
            "reboot": "official",
            "discardUnknown": "official",
            "neverHaveIEverPoints": True,
            "pointsTarget": 3,  # K5: the game ends the moment anyone reaches it
        },
    )
    czar, players = roles(site, code, by_seat)
    # The deal is random: a is the player dealt more blank cards, and keeps one for the end.
    state, seat_of = game(site, code), {page: seat for seat, page in by_seat.items()}
    a, b = sorted(players, key=lambda p: -sum(map(state.pool.is_blank, state.hands[seat_of[p]])))
    names = {
        page: page.locator(".member-name", has_text="(you)").inner_text()[:-6]
        for page in by_seat.values()
    }

    # Never Have I Ever: a reads a card; b and the Czar confess for a point each.
    a.get_by_role("button", name="Never have I ever").click()
    choose_hand_cards(a, 1)
    act(a, "Read this card out")
    for page in (b, czar):
        page.get_by_role("button", name="I have (+1 point)").click()
        expect(score_of(a, names[page])).to_have_text("1")
    check_house_buttons_follow_can(site, code, by_seat)

    # Gambling: b stakes the point on an extra answer.
    b.get_by_role("button", name="Bet a point").click()
    choose_hand_cards(b, 1)
    act(b, "Bet 1 point")
    expect(score_of(a, names[b])).to_have_text("0")
    expect(a.locator(".member", has_text=names[b])).to_contain_text("bet a point")
    check_house_buttons_follow_can(site, code, by_seat)

    # Rebooting the Universe (official): the Czar returns two cards for the point.
    before = set(hand_ids(czar))
    czar.get_by_role("button", name="Reboot the universe").click()
    choose_hand_cards(czar, 2, allow_blank=True)
    act(czar, "Return 2 cards")
    expect(score_of(czar, names[czar])).to_have_text("0")
    assert len(before - set(hand_ids(czar))) == 2

    # Discarding a card you don't understand (official: no card back until the refill).
    count = len(hand_ids(a))
    a.get_by_role("button", name="Discard a card").click()
    choose_hand_cards(a, 1)
    act(a, "Discard this card")
    expect(a.locator(".hand-grid > li")).to_have_count(count - 1)

    # A blank card, written on and played.
    a.locator(".hand-grid > li", has_text="blank").first.locator(".white-card").click()
    a.locator(".write-input").fill("Our own written answer")
    act(a, "Submit")
    # On a phone, b picks the lowest card of the hand: the page scrolls down to it, and the
    # bottom bar's Submit stays in view (checked at every decision of the round, phone and
    # desktop).
    b.set_viewport_size(PHONE)
    b.locator(".hand-grid > li").filter(has_not_text="blank").last.locator(".white-card").click()
    assert b.evaluate("window.scrollY") > 0
    check_action_bar(b, "Submit 1 card")
    take_turn(b)
    expect(czar.locator(".action-button")).to_contain_text("Reveal answer 1")
    check_action_bar(czar, "Reveal answer 1")
    screens(czar, "reveal")
    for number in (1, 2, 3):
        assert take_turn(czar) == f"Reveal answer {number} of 3"
    expect(b.locator(".answer-grid")).to_contain_text("Our own written answer")
    choose_answers(czar, 1)
    check_action_bar(czar, "Choose this winner")
    take_turn(czar)
    for page in by_seat.values():
        expect(page.locator(".round-title")).to_contain_text("Round 2")  # the round was judged
    assert max(game(site, code).scores) >= 1


def test_god_is_dead_votes_packing_heat_and_the_runner_up_vote(open_page, site):
    by_seat, code, _ = table_of_three(
        open_page,
        site,
        {
            "customBlackCards": ["One _ and _.", "Two _ and _.", "Three _ and _."],
            "judging": "godIsDead",
            "happyEnding": "guideRunnerUpVote",
            "packingHeat": "guide",
            "pointsTarget": 2,  # K5: reaching it ends the game before the runner-up vote
        },
    )
    czar, (a, b, c) = roles(site, code, by_seat)
    assert czar is None
    expect(a.locator(".round-title")).to_contain_text("No Card Czar")
    # Packing Heat (guide): a Pick 2 takes a third card.
    expect(a.locator(".action-button")).to_have_text("Submit 2 or 3 cards")
    choose_hand_cards(a, 3)
    act(a, "Submit 3")
    take_turn(b)
    take_turn(c)
    expect(a.locator(".round-status")).to_contain_text("Vote for your favourite")
    assert len(next(x for x in game(site, code).answers if len(x) == 3)) == 3
    # Everyone votes: b and c for a's answer, a for another.
    key = a.locator(".answer-grid > li:has(.is-own)").get_attribute("data-key")
    for page in (b, c):
        page.locator(f'.answer-grid > li[data-key="{key}"] .white-card').click()
        act(page, "Vote")
    take_turn(a)
    # Happy Ending (guide): a vote among the losing answers.
    expect(b.locator(".round-status")).to_contain_text("Happy Ending")
    for page in (a, b, c):
        take_turn(page)
    for page in (a, b, c):
        expect(page.locator(".round-title")).to_contain_text("Round 2")  # on to the next round
    assert sorted(game(site, code).scores)[-2:] == [1, 1]  # the round's and the runner-up's


def check_create_form(page, site) -> None:
    """The create form offers each preset with the server's line on it, house rules and more
    settings folded away, and asks no seat number (that waits for the lobby's names)."""
    cah = next(g for g in site.api("GET", "/api/games") if g["id"] == "cah")
    presets = page.locator(".create-panel .preset-choice")
    expect(presets).to_have_text(
        [f"{note['label']}{note['summary']}" for note in cah["preset_notes"].values()]
    )
    expect(presets.get_by_role("radio", name="Standard")).to_be_checked()
    sections = page.locator(".create-panel .options-form > details.option-group")
    expect(sections.locator("> summary .group-name")).to_have_text(cah["sections"])
    for index in range(len(cah["sections"])):
        expect(sections.nth(index)).not_to_have_attribute("open", "")
    expect(page.locator(".create-panel select[name=firstCzarSeat]")).to_have_count(0)
    page.get_by_text("More settings", exact=True).click()
    page.get_by_text("Players", exact=True).click()
    expect(page.locator(".create-panel")).to_contain_text("You pick in the lobby")


def pick_the_first_czar_and_check_the_table_settings(site):
    """In the lobby: the host picks the first Czar by name (Cy), and both the host's form and
    a player's read-only one show one field per table setting the server serves."""

    def in_lobby(pages) -> None:
        ann, bob, _ = pages
        served = site.api("GET", "/api/table-settings")
        for page in (ann, bob):
            fields = page.locator(".table-settings .number-setting")
            expect(fields).to_have_count(len(served))
            expect(fields.locator("label")).to_have_text([s["label"] for s in served])
        ann.locator(".host-panel summary", has_text="More settings").click()
        ann.locator(".host-panel summary", has_text="Players").click()
        pick = ann.get_by_label("First Card Czar (the host's pick)")
        expect(pick.locator("option")).to_have_text(["Ann", "Bob", "Cy"])
        pick.select_option(label="Cy")
        expect(ann.locator(".settings-state")).to_have_text("Saved")
        expect(bob.locator(".rules-summary")).to_contain_text(
            "First Card Czar (the host's pick): Cy"
        )

    return in_lobby


def test_serious_business_ranking_rando_and_the_submission_timer(open_page, site, screens):
    home = open_page(PHONE)
    check_create_form(home, site)
    home.close()
    by_seat, code, _ = table_of_three(
        open_page,
        site,
        {
            "judging": "seriousBusiness",
            "rando": "official",
            "submitTimerSec": 120,
            "pointsTarget": 4,
            "firstCzar": "hostPick",
        },
        in_lobby=pick_the_first_czar_and_check_the_table_settings(site),
    )
    cy = site.read(code, lambda s: s.seat_of(next(m.id for m in s.present() if m.name == "Cy")))
    assert site.read(code, lambda s: s.options["firstCzarSeat"]) == cy
    assert game(site, code).czar == cy
    czar, (a, b) = roles(site, code, by_seat)
    expect(a.locator(".timer")).to_contain_text(":")
    expect(a.locator(".rando-line")).to_contain_text("Rando Cardrissian")
    take_turn(a)
    take_turn(b)
    # Serious Business: the Czar ranks the top three (Rando's answer is the third).
    expect(czar.locator(".action-button")).to_have_text("Rank these 3")
    choose_answers(czar, 3)
    expect(czar.locator(".answer-grid .card-order")).to_have_text(["1", "2", "3"])
    screens(czar, "ranking")
    act(czar, "Rank these 3")
    expect(a.locator(".last-round .ranking li")).to_have_count(3)
    assert sorted([*game(site, code).scores, game(site, code).rando_score])[-3:] == [1, 2, 3]
    play_until_over(list(by_seat.values()))


def test_survival_digipen_discard_full_hand_reboot_and_the_haiku_finale(open_page, site):
    by_seat, code, host = table_of_three(
        open_page,
        site,
        {
            "judging": "survival",
            "discardUnknown": "digipen",
            "reboot": "guideFullHand",
            "happyEnding": "officialHaikuFinale",
            "manualEnd": True,
            "pointsTarget": 5,
        },
    )
    _czar, (a, b) = roles(site, code, by_seat)
    # Discarding (DigiPen): the card is replaced at once.
    hand = hand_ids(a)
    a.get_by_role("button", name="Discard a card").click()
    choose_hand_cards(a, 1)
    act(a, "Discard this card")
    expect(a.locator(".hand-grid > li")).to_have_count(len(hand))
    assert hand_ids(a) != hand
    take_turn(a)
    take_turn(b)
    # Survival of the Fittest: players take turns eliminating answers.
    pages = list(by_seat.values())
    done = play_until(pages, lambda: game(site, code).round != 1)
    assert "Eliminate this answer" in done
    winner = by_seat[game(site, code).scores.index(1)]
    # Rebooting the Universe (guide): a whole new hand for the point.
    hand = hand_ids(winner)
    winner.get_by_role("button", name="Reboot the universe: new hand for 1 point").click()
    winner.wait_for_function(
        "old => [...document.querySelectorAll('.hand-grid > li')]"
        ".every(li => !old.includes(Number(li.dataset.key)))",
        arg=hand,
    )
    assert len(hand_ids(winner)) == len(hand)
    # Happy Ending (official): the host's end plays a last round on the haiku card.
    host.get_by_role("button", name="End the game").click()
    for page in pages:
        expect(page.locator(".black-text")).to_have_text("Make a haiku.")
    expect(a.locator(".black-meta")).to_have_text("Pick 3")  # honorDrawN is off
    play_until_over(pages)
    assert all(is_over(page) for page in pages)
    expect(host.locator(".end")).to_contain_text("Happy Ending haiku")
