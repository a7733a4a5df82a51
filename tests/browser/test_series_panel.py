"""Tournaments in the browser (issue 4): the host sets a series of games in the lobby, the
standings panel follows it game by game, the winner is announced once it is over, the host
chooses what comes next, and the home screen's leaderboard ranks the players."""

from __future__ import annotations

from driver import DESKTOP, PHONE, add_bots, create_table, is_over, play_until_over, wait_for_table
from playwright.sync_api import expect


def test_a_series_of_two_games_with_standings_winner_and_leaderboard(open_page, site, screens):
    host = create_table(site, "Ann", {"pointsTarget": 1})
    code = host["code"]
    ann = open_page(DESKTOP, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(ann)
    ann.get_by_label("Tournament: a series of games").select_option("games")
    expect(ann.get_by_label("Games (2 to 20)")).to_have_value("3")
    ann.get_by_label("Games (2 to 20)").fill("2")
    panel = ann.locator(".series-panel")
    expect(panel).to_be_visible()
    expect(panel.locator(".series-progress")).to_have_text("Game 1 of 2")
    assert site.read(code, lambda s: s.series.games) == 2
    screens(ann, "lobby-host-series")

    add_bots(ann, 2)
    ann.get_by_role("button", name="Start the game").click()
    play_until_over([ann])
    expect(panel.locator(".series-progress")).to_have_text("Game 2 of 2")
    expect(panel.locator("tbody tr")).to_have_count(3)
    expect(panel.locator(".series-winner")).to_be_hidden()
    expect(ann.locator(".celebration")).to_have_count(0)
    screens(ann, "series-after-game-1")

    ann.get_by_role("button", name="Rematch: play again").click()
    ann.wait_for_function("() => !document.querySelector('.end .winner-title')")
    play_until_over([ann])
    assert is_over(ann)
    winner = panel.locator(".series-winner")
    expect(winner).to_be_visible()
    headline = winner.inner_text()
    assert headline.endswith(("the tournament!", "share the tournament win!"))
    expect(ann.locator("#live-assertive")).to_contain_text(headline)
    expect(panel.locator(".first-place").first).to_contain_text("★ 1")
    expect(panel.locator(".series-progress")).to_have_text("All 2 games played")
    expect(ann.locator(".celebration")).to_have_count(0)
    expect(ann.get_by_role("button", name="Rematch: play again")).to_have_count(0)
    screens(ann, "series-over")

    # Ann chooses single games from now on: the series is gone and a new game starts.
    ann.get_by_role("button", name="Rematch without a tournament").click()
    expect(panel).to_be_hidden()
    ann.wait_for_selector(".hand-grid .white-card")
    assert site.read(code, lambda s: s.series) is None

    home = open_page(PHONE)
    home.get_by_label("Game", exact=True).first.wait_for()
    board = home.locator(".leaderboard-panel")
    board.get_by_label("Game").select_option("cah")
    board.get_by_label("Period").select_option("day")
    expect(board.locator("tbody tr")).to_have_count(1)  # bots are never ranked
    row = board.locator("tbody tr").first.locator("th, td").all_inner_texts()
    assert row[:3] == ["1", "Ann", row[2]] and row[3] == "2"  # rank, name, wins, 2 games
    screens(home, "home-leaderboard")


def test_a_series_for_some_minutes_counts_down_from_its_first_game(open_page, site):
    host = create_table(site, "Ann", {})
    code = host["code"]
    ann = open_page(PHONE, seat=(code, host), path=f"/#/t/{code}")
    wait_for_table(ann)
    ann.get_by_label("Tournament: a series of games").select_option("minutes")
    length = ann.get_by_label("Minutes (5 to 600)")
    expect(length).to_have_value("30")
    length.fill("5")
    progress = ann.locator(".series-panel .series-progress")
    expect(progress).to_have_text("5 minutes, from the first game")
    assert site.read(code, lambda s: s.series.minutes) == 5
    add_bots(ann, 2)
    ann.get_by_role("button", name="Start the game").click()
    expect(progress).to_have_text("0 played · about 5 minutes left")
    expect(ann.locator(".series-panel tbody tr")).to_have_count(3)
