"""The deck library end to end over HTTP and WebSocket (issue 4): uploads in several formats,
broken files, tables choosing decks and filters, removed decks, hidden cards and custom cards.
Every test runs on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import re
import secrets
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import deck_files
import httpx
import pytest
from alembic import command
from alembic.config import Config
from harness import Client, RunningServer, settings_for, start_process
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from cardtable.decks.content import library_id
from cardtable.decks.importer import load_deck
from cardtable.store import Store
from cardtable.store.deck_library import find_deck, install_builtin, list_decks
from cardtable.store.migrate import MIGRATIONS
from cardtable.store.store import database_url as engine_url
from decks.hostile_files import EXPECTED, HOSTILE
from thread_server import free_port

ADMIN = "admin-secret-token"
SMALL = {"handSize": 3, "pointsTarget": 2}


@pytest.fixture
def server(database_url):
    """A server with an admin token and a word filter."""
    settings = settings_for(database_url, admin_token=ADMIN, filtered_words=("zorblax",))
    with RunningServer(settings) as running:
        yield running


def upload(server, data: bytes, expect: int = 201, **params) -> dict:
    answer = server.http.post("/api/decks", content=data, params=params)
    assert answer.status_code == expect, answer.text
    return answer.json()


def admin(server, method: str, path: str, **kwargs):
    headers = {"Authorization": f"Bearer {ADMIN}"}
    return server.http.request(method, path, headers=headers, **kwargs)


def listed(server) -> dict[str, dict]:
    return {deck["id"]: deck for deck in server.http.get("/api/decks").json()}


def create(server, options: dict, name: str = "A"):
    """POST /api/tables for a CAH table with `options`; the raw answer."""
    body = {"game": "cah", "name": name, "client": name.lower() * 8, "options": options}
    return server.http.post("/api/tables", json=body)


def cah_table(server, options: dict, bots: int = 2):
    """A CAH table with these options and `bots` bots; returns (host answer, host client)."""
    host = server.create(game="cah", options=options)
    client = server.client(host["code"], host["token"])
    for _ in range(bots):
        assert client.table({"type": "add-bot"})["type"] == "update"
    return host, client


def test_built_in_decks_are_in_the_library_from_the_first_start(server):
    decks = listed(server)
    main = decks["cardtable-main"]
    assert main["builtin"] is True and main["calls"] > 100 and main["responses"] > 500
    assert {"CS", "GD", "BFA"} <= set(decks["cardtable-gameschool"]["tags"])
    shown = server.http.get("/api/decks/cardtable-gameschool").json()
    assert len(shown["cards"]["calls"]) == shown["calls"]
    assert {"text", "pick", "draw", "tags", "rating", "packs"} <= set(shown["cards"]["calls"][0])


def test_decks_uploaded_in_three_formats_are_listed_and_played_to_the_end(server):
    native = upload(server, deck_files.native(), name="native.json")
    table = upload(server, deck_files.csv_table(), name="lab.csv")
    jah = upload(server, deck_files.jah(), name="packs.json")
    assert (native["calls"], native["responses"]) == (4, 16)
    assert table["tags"] == ["CS"] and jah["name"] == "Jah pack"
    assert native["license"] == "CC0-1.0" and native["source"] == "the tests"
    assert native["ratings"] == ["family", "unrated"] and native["builtin"] is False
    ids = [native["id"], table["id"], jah["id"]]
    assert len(set(ids)) == 3 and set(ids) <= set(listed(server))
    # Each id is the address of its cards: its slug, then 32 digits of their hash.
    assert native["id"] == library_id(load_deck(deck_files.native()))
    assert all(re.fullmatch(r"[a-z0-9-]+-[0-9a-f]{32}", deck_id) for deck_id in ids)
    again = upload(server, deck_files.native(), expect=200, name="other-name.json")
    assert again["id"] == native["id"] and again["created"] is False
    shown = server.http.get(f"/api/decks/{jah['id']}").json()
    assert shown["cards"]["responses"][0]["text"] == "Jah answer 0."

    host, ann = cah_table(server, {**SMALL, "decks": ids}, bots=3)
    assert [d["id"] for d in ann.table_doc["decks"]] == ids
    assert ann.table_doc["decks"][0] == {
        "id": ids[0],
        "name": "Native test deck",
        "calls": 4,
        "responses": 16,
        "packs": None,
    }
    assert ann.table({"type": "start"})["type"] == "update"
    hand = ann.game["you"]["hand"]
    assert all(card["text"].split()[0] in ("Native", "Csv", "Jah") for card in hand)
    watcher = server.client(host["code"], server.join(host["code"], "W", spectate=True)["token"])
    assert ann.table({"type": "leave"})["type"] == "update"  # the bots play on
    watcher.until(lambda c: c.table_doc["status"] == "ended", 30)
    public = watcher.game["public"]
    assert public["result"] is not None
    played = public["blackUsed"] + [t for seat in public["seats"] for t in seat["trophies"]]
    assert played and all(card["text"].split()[0] in ("Native", "Csv", "Jah") for card in played)


BROKEN = Path(__file__).parents[1] / "decks" / "fixtures" / "broken"


@pytest.mark.parametrize(
    ("fixture", "where", "at", "problem", "params"),
    [
        ("not-json.json", "line 3", {"line": 3}, "bad-json", {}),
        ("cards-no-text.csv", "line 1", {"line": 1}, "no-text-column", {}),
        ("empty.txt", "", None, "empty", {}),
        (
            "many-decks-bad-version.json",
            "version",
            {"field": "version"},
            "not-whole-number",
            {"field": "version"},
        ),
    ],
)
def test_files_that_are_not_decks_name_the_problem_and_store_nothing(
    server, fixture, where, at, problem, params
):
    before = listed(server)
    error = upload(server, (BROKEN / fixture).read_bytes(), expect=400, name=fixture)["error"]
    assert (error["code"], error["where"], error["problem"]) == ("bad-deck", where, problem)
    assert (error["at"], error["params"]) == (at, params)
    assert error["message"].startswith(where)
    assert listed(server) == before


@pytest.mark.parametrize(
    ("fixture", "where", "how", "code", "params"),
    [
        ("cards-bad-pick.csv", "line 4", "skipped", "not-whole-number", {"field": "pick"}),
        (
            "jah-pick-mismatch.json",
            "black[1].pick",
            "repaired",
            "pick-1-several-blanks",
            {"blanks": 2},
        ),
        ("pyx-bad-pick.sql", "line 3", "repaired", "pick-1-several-blanks", {"blanks": 2}),
        ("md-no-slot.deck.json5", "calls[1]", "skipped", "no-blank", {}),
    ],
)
def test_the_upload_answer_carries_the_report_card_by_card(
    server, fixture, where, how, code, params
):
    answer = upload(server, (BROKEN / fixture).read_bytes(), name=fixture)
    notes = answer["report"][how]
    assert [(note["where"], note["code"], note["params"]) for note in notes] == [
        (where, code, params)
    ]
    assert notes[0]["at"] == (
        {"line": int(where[5:])} if where.startswith("line ") else {"field": where}
    )
    assert (answer["report"]["encoding"], answer["report"]["encodingNote"]) == ("UTF-8", None)


def test_a_file_not_in_utf8_is_read_as_windows_1252_and_the_answer_says_so(server):
    answer = upload(server, (BROKEN / "latin1.txt").read_bytes(), name="latin1.txt")
    assert answer["report"]["encoding"] == "Windows-1252"
    note = answer["report"]["encodingNote"]
    assert (note["code"], note["at"], note["params"]) == ("not-utf8", {"line": 2}, {"byte": 11})


def test_the_same_cards_under_two_names_are_one_deck(server):
    first = upload(server, deck_files.jah("Twice"), name="first.json")
    again = upload(server, deck_files.jah("Twice"), expect=200, name="renamed-copy.json")
    assert again["id"] == first["id"] and again["created"] is False


def test_a_deck_lists_its_packs_for_the_picker(server):
    deck = upload(server, deck_files.jah("Packed"), name="packed.json")
    packs = server.http.get(f"/api/decks/{deck['id']}/packs").json()
    assert packs == [
        {
            "name": "Packed pack",
            "official": False,
            "calls": 4,
            "responses": 16,
            "ratings": ["unrated"],
        }
    ]


def test_a_pack_filter_names_the_packs_in_play_and_deals_only_their_cards(server):
    deck = upload(server, deck_files.jah_packs(), name="multi.json")
    assert (deck["license"], deck["attribution"]) == ("CC BY-NC-SA 4.0", "Multi authors")
    assert listed(server)[deck["id"]]["attribution"] == "Multi authors"
    packs = server.http.get(f"/api/decks/{deck['id']}/packs").json()
    assert [(p["name"], p["official"], p["calls"], p["responses"]) for p in packs] == [
        ("Multi pack 0", True, 6, 24),
        ("Multi pack 1", False, 5, 23),
        ("Multi pack 2", False, 4, 22),
    ]
    decks = [deck["id"], "cardtable-main"]
    _, ann = cah_table(server, {**SMALL, "decks": decks}, bots=2)
    assert [d["packs"] for d in ann.table_doc["decks"]] == [None, None]  # no filter: all
    chosen = {**SMALL, "decks": decks, "packs": ["Multi pack 2", "Some other pack"]}
    assert ann.table({"type": "settings", "options": chosen})["type"] == "update"
    assert [d["packs"] for d in ann.table_doc["decks"]] == [["Multi pack 2"], []]
    assert ann.table({"type": "start"})["type"] == "update"
    numbers = {int(card["text"].split()[2].rstrip(".")) for card in ann.game["you"]["hand"]}
    assert numbers and min(numbers) >= 2  # every card of pack 2, whatever other packs hold it


def test_a_deck_file_over_the_limit_is_refused_naming_the_limit_and_the_alternatives(server):
    before = listed(server)
    big = b"white,x\n" * (300 * 1024)  # 2.4 MB: over the upload limit
    said = server.http.post("/api/decks", content=big, params={"name": "big.csv"})
    streamed = server.http.post(  # no Content-Length: counted as it arrives
        "/api/decks", content=iter([big[:1_000_000], big[1_000_000:]]), params={"name": "b.csv"}
    )
    for answer in (said, streamed):
        assert answer.status_code == 413
        error = answer.json()["error"]
        assert error["code"] == "too-large"
        assert error["message"].startswith("deck files are at most 2 MiB;")
        assert "compact JSON Against Humanity file" in error["message"]
        assert "`cardtable decks import FILE`" in error["message"]
    other = server.http.post("/api/tables", content=b"x" * 1_000_000)
    assert other.status_code == 413 and "bodies are at most" in other.json()["error"]["message"]
    assert listed(server) == before


def test_hostile_uploads_are_refused_or_read_within_budget_while_another_table_plays(server):
    """Eight hostile files uploaded at once (issue 22): each is refused with its stable code, or
    read (so within its CPU and memory budget: a child past either is refused), and a table
    playing as fast as it can meanwhile (no message rate limit) has every action acknowledged."""
    host = server.create(options={"target": 10**6})
    bob_seat = server.join(host["code"], "Bob", client="bob-client-1")
    ann, bob = (
        server.client(host["code"], host["token"]),
        server.client(host["code"], bob_seat["token"]),
    )
    assert ann.table({"type": "start"})["type"] == "update"

    def send(name: str) -> httpx.Response:
        with httpx.Client(base_url=server.url, timeout=120) as http:
            return http.post("/api/decks", content=HOSTILE[name](), params={"name": name})

    rounds = 0
    with ThreadPoolExecutor(len(HOSTILE)) as pool:
        answers = {name: pool.submit(send, name) for name in HOSTILE}
        while rounds == 0 or not all(answer.done() for answer in answers.values()):
            for player in (ann, bob):
                answer = player.play({"type": "pick", "n": 1})
                assert answer["type"] == "update", answer
            rounds += 1
        password = {"game": "tiny", "name": "Sue", "client": "sue-client-1", "password": "pw"}
        assert server.http.post("/api/tables", json=password).status_code == 201
    ann.until(lambda c: c.game["public"]["round"] == rounds + 1)
    for name, expected in EXPECTED.items():
        answer = answers[name].result()
        if expected == "read":
            assert answer.status_code == 201, (name, answer.text)
            assert answer.json()["calls"] > 0
        else:
            error = answer.json()["error"]
            assert (answer.status_code, error["code"], error["problem"]) == (
                400,
                "bad-deck",
                expected,
            ), name


def test_upload_limits_and_parameters(server):
    error = upload(server, deck_files.native(), expect=400, format="nope")["error"]
    assert error["where"] == "format" and "unknown format" in error["message"]
    assert (error["problem"], error["params"]) == ("no-such-format", {"name": "nope"})
    error = upload(server, b"one\ntwo\n", expect=400, name="x.txt", kind="green")["error"]
    assert (error["where"], error["problem"]) == ("kind", "unknown-kind")
    plain = upload(server, b"An answer.\nAnother one.\n", name="answers.txt", kind="white")
    assert (plain["calls"], plain["responses"]) == (0, 2)
    assert server.http.get("/api/decks/no-such-deck").json()["error"]["code"] == "not-found"


def test_a_deck_a_table_names_must_be_in_the_library(server):
    answer = create(server, {"decks": ["nope"]})
    assert answer.status_code == 400
    assert answer.json()["error"] == {"code": "bad-options", "message": "unknown deck 'nope'"}
    _, ann = cah_table(server, {}, bots=0)
    refused = ann.table({"type": "settings", "options": {"decks": ["cardtable-main", "gone"]}})
    assert (refused["code"], refused["message"]) == ("bad-options", "unknown deck 'gone'")
    assert [d["id"] for d in ann.table_doc["decks"]] == ["cardtable-main"]


def test_hosts_cannot_set_the_hidden_cards_the_table_fills_in(server):
    assert create(server, {"hiddenCards": []}).status_code == 201  # the default, echoed back
    refused = create(server, {"hiddenCards": ["0123456789abcdef"]})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad-options"
    _, ann = cah_table(server, {}, bots=0)
    answer = ann.table({"type": "settings", "options": {"hiddenCards": ["0123456789abcdef"]}})
    assert answer["code"] == "bad-options" and ann.table_doc["options"]["hiddenCards"] == []


def test_a_filter_that_leaves_too_few_cards_fails_at_start(server):
    """K22: tags and family-only filters can empty a deck; the start says so."""
    deck = upload(server, deck_files.csv_table(), name="lab.csv")  # every card tagged CS
    _, ann = cah_table(server, {**SMALL, "decks": [deck["id"]], "excludeTags": ["CS"]})
    refused = ann.table({"type": "start"})
    assert refused["code"] == "bad-options"
    assert "leave no black card" in refused["message"]
    family = {**SMALL, "decks": [deck["id"]], "familyOnly": True}
    assert ann.table({"type": "settings", "options": family})["type"] == "update"
    assert ann.table({"type": "start"})["code"] == "bad-options"
    assert ann.table_doc["status"] == "lobby"
    school = {"decks": ["cardtable-gameschool"], "excludeTags": ["general", "CS", "GD"]}
    assert ann.table({"type": "settings", "options": school})["type"] == "update"
    refused = ann.table({"type": "start"})
    assert refused["code"] == "bad-options" and "white cards" in refused["message"]


def test_a_removed_deck_leaves_the_library_but_running_tables_keep_it(database_url):
    settings = settings_for(database_url, admin_token=ADMIN)
    with RunningServer(settings) as server:
        deck = upload(server, deck_files.native(), name="native.json")
        host, ann = cah_table(server, {**SMALL, "pointsTarget": 50, "decks": [deck["id"]]})
        bob = server.join(host["code"], "Bob", client="bob-client-1")
        assert ann.table({"type": "start"})["type"] == "update"
        assert server.http.delete(f"/api/admin/decks/{deck['id']}").status_code == 401
        gone = admin(server, "DELETE", f"/api/admin/decks/{deck['id']}")
        assert gone.status_code == 200 and gone.json()["id"] == deck["id"]
        assert admin(server, "DELETE", f"/api/admin/decks/{deck['id']}").status_code == 404
        builtin = admin(server, "DELETE", "/api/admin/decks/cardtable-main")
        assert builtin.json()["error"]["code"] == "builtin-deck"
        assert deck["id"] not in listed(server)
        assert server.http.get(f"/api/decks/{deck['id']}").status_code == 404
        again = upload(server, deck_files.native(), expect=409, name="native.json")
        assert again["error"]["code"] == "deck-removed"
        answer = create(server, {"decks": [deck["id"]]}, name="C")
        assert answer.json()["error"]["code"] == "bad-options"
        server.catch_up(ann, host["code"])
        before = ann.game
        log = admin(server, "GET", "/api/admin/log").json()
        assert any(entry["action"] == "remove-deck" for entry in log)
    # A new site (its own decks, none read yet) resumes the table: it reads the removed deck
    # from the store by the id the log names, and the game is where it was.
    with RunningServer(settings) as server:
        ann = server.client(host["code"], host["token"])
        assert ann.table_doc["status"] == "playing" and ann.game == before
        assert ann.table_doc["decks"][0]["id"] == deck["id"]
        bob_client = server.client(host["code"], bob["token"])
        assert bob_client.game["public"] == before["public"]


def _sync(clients, seq: int) -> None:
    for client in clients:
        client.until(lambda c: c.seq >= seq)


def _play_round(players) -> None:
    """Every waiting player submits its first cards, then the Czar picks the first answer."""
    public = players[0].game["public"]
    waiting, pick, czar = list(public["waitingFor"]), public["pick"], public["czar"]
    for player in players:
        you = player.game["you"]
        if you["seat"] in waiting:
            cards = [card["id"] for card in you["hand"]][:pick]
            assert player.play({"type": "submit", "cards": cards})["type"] == "update"
            _sync(players, player.seq)
    judge = next(p for p in players if p.game["you"]["seat"] == czar)
    picked = judge.play({"type": "pick", "answer": 0})
    assert picked["type"] == "update", picked
    _sync(players, judge.seq)


def _hand_texts(client) -> set[str]:
    return {card["text"] for card in client.game["you"]["hand"]}


def test_a_hidden_card_leaves_running_games_at_the_next_draw_and_replays(database_url):
    """Hiding is logged in each running table (`retire-cards`), so a restart replays it; a new
    game leaves hidden cards out of every deck holding the same text."""
    settings = settings_for(database_url, admin_token=ADMIN)
    with RunningServer(settings) as server:
        native = upload(server, deck_files.native(), name="native.json")
        options = {**SMALL, "pointsTarget": 20, "decks": [native["id"]]}
        options.update(firstCzar="hostPick", firstCzarSeat=1)
        host = server.create(game="cah", options=options)
        code = host["code"]
        tokens = [host["token"]]
        tokens += [server.join(code, name, client=f"{name}-client-1")["token"] for name in "BC"]
        players = [server.client(code, token) for token in tokens]
        ann = players[0]
        assert ann.table({"type": "start"})["type"] == "update"
        _sync(players, ann.seq)
        held = {card["text"] for p in players for card in p.game["you"]["hand"]}
        in_deck = sorted({f"Native answer {n}." for n in range(16)} - held)[0]
        mine = ann.game["you"]["hand"][0]
        count = ann.game["public"]["whiteDeckCount"]

        hidden = admin(server, "POST", "/api/admin/cards/hide", json={"text": in_deck})
        assert hidden.status_code == 200 and hidden.json()["tables"] == [code]
        _sync(players, ann.seq + 1)
        assert ann.game["public"]["whiteDeckCount"] == count - 1  # out of the deck at once
        assert "cards-retired" in [event["type"] for event in ann.events]
        again = admin(server, "POST", "/api/admin/cards/hide", json={"text": in_deck})
        assert again.json()["tables"] == []  # retired already: no second step
        by_card = {"code": code, "card": mine["id"]}
        assert admin(server, "POST", "/api/admin/cards/hide", json=by_card).status_code == 200
        _sync(players, ann.seq + 1)
        assert mine["text"] in _hand_texts(ann)  # still held until Ann's next draw
        refused = admin(server, "POST", "/api/admin/cards/hide", json={"text": "x", "card": 1})
        assert refused.json()["error"]["code"] == "bad-request"
        hidden_texts = {in_deck, mine["text"]}

        _play_round(players)  # Ann submits her other cards and draws: the hidden one leaves
        assert not hidden_texts & _hand_texts(ann)
        for _ in range(2):  # the deck has 4 black cards; won ones stay trophies (K6)
            _play_round(players)
            assert all(not hidden_texts & _hand_texts(p) for p in players)
        before = [p.game for p in players]
        assert all(p.table_doc["status"] == "playing" for p in players)

        shared = upload(server, deck_files.csv_table(extra=[in_deck.upper()]), name="x.csv")
        fresh, fresh_client = cah_table(
            server, {**SMALL, "decks": [native["id"], shared["id"]]}, bots=0
        )
        for name in "DE":
            server.join(fresh["code"], name, client=f"{name}-client-1")
        assert fresh_client.table({"type": "start"})["type"] == "update"
        public = fresh_client.game["public"]
        dealt = public["whiteDeckCount"] + sum(seat["handCount"] for seat in public["seats"])
        assert dealt == 16 + 17 - 3  # the card hidden in both decks (any case), and Ann's
        log = admin(server, "GET", "/api/admin/log").json()
        assert sum(entry["action"] == "hide-card" for entry in log) == 3  # with the repeat
    with RunningServer(settings) as server:
        after = [server.client(code, token).game for token in tokens]
        assert after == before


def test_players_write_custom_cards_when_the_host_allows_it(server):
    host, ann = cah_table(server, {**SMALL, "decks": []}, bots=0)
    code = host["code"]
    bob = server.client(code, server.join(code, "Bob", client="bob-client-1")["token"])
    watcher = server.client(code, server.join(code, "Sue", spectate=True)["token"])
    white = {"type": "write-card", "color": "white", "text": "Custom answer."}
    assert bob.table(white)["code"] == "no-player-cards"
    assert bob.table({"type": "settings", "player_cards": True})["code"] == "not-host"
    assert ann.table({"type": "settings", "player_cards": True})["type"] == "update"
    assert ann.table_doc["player_cards"] is True
    assert watcher.table(white)["code"] == "not-a-player"
    filtered = bob.table({**white, "text": "A ZORBLAX, really."})
    assert filtered["code"] == "word-filtered"
    blanks = bob.table({"type": "write-card", "color": "black", "text": "_ _ _ _."})
    assert blanks["code"] == "bad-card" and "at most 3 blanks" in blanks["message"]
    assert bob.table({**white, "text": "x" * 121})["code"] == "bad-card"
    assert bob.table({**white, "text": "bad\x07"})["code"] == "bad-card"
    assert ann.table_doc["options"]["customWhiteCards"] == []
    prompt = {"type": "write-card", "color": "black", "text": "Custom prompt: _."}
    assert bob.table(prompt)["type"] == "update"
    assert {
        "type": "card-written",
        "member": bob.member,
        "color": "black",
        "text": "Custom prompt: _.",
    } in bob.events
    for n in range(10):
        writer = (ann, bob)[n % 2]
        assert writer.table({**white, "text": f"Custom answer {n}."})["type"] == "update"
    _sync([ann, bob], max(ann.seq, bob.seq))
    assert len(ann.table_doc["options"]["customWhiteCards"]) == 10
    assert ann.table({"type": "add-bot"})["type"] == "update"
    assert ann.table({"type": "start"})["type"] == "update"
    assert bob.table(white)["code"] == "game-running"
    hand = ann.game["you"]["hand"]
    assert len(hand) == 3 and all(card["userWritten"] for card in hand)
    black = ann.game["public"]["black"]
    assert black["text"] == "Custom prompt: _." and black["userWritten"] is True


def test_blank_cards_written_in_play_pass_the_word_filter(server):
    options = {**SMALL, "decks": [], "blankCards": 10, "customBlackCards": ["Blank prompt: _."]}
    refused = create(server, {**options, "customWhiteCards": ["zorblax"]})
    assert refused.json()["error"]["code"] == "word-filtered"
    options.update(firstCzar="hostPick", firstCzarSeat=1)
    host, ann = cah_table(server, options, bots=0)
    for name in "BC":
        server.join(host["code"], name, client=f"{name}-client-1")
    assert ann.table({"type": "start"})["type"] == "update"
    before = ann.game
    card = before["you"]["hand"][0]
    assert card["blank"] is True
    submit = {"type": "submit", "cards": [card["id"]]}
    refused = ann.play({**submit, "write": {str(card["id"]): "Zorblax!"}})
    assert refused["code"] == "word-filtered" and ann.game == before
    assert ann.play({**submit, "write": {str(card["id"]): "A fine answer."}})["type"] == "update"
    submitted = ann.game["you"]["submitted"]
    assert submitted == [{**card, "text": "A fine answer.", "userWritten": True}]


async def test_migration_0005_keeps_the_decks_stored_before_it(database_url):
    """A deck stored at revision 0004 gets an empty attribution (and no hash); it is listed
    and read as before, on SQLite (a batch table copy) and PostgreSQL."""

    def upgrade(connection, revision: str) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.upgrade(config, revision)

    engine = create_async_engine(engine_url(database_url))
    body = deck_files.native()
    try:
        async with engine.begin() as connection:
            await connection.run_sync(upgrade, "0004")
            await connection.execute(
                text(
                    "INSERT INTO decks (id, name, language, license, source, tags, ratings, "
                    "calls, responses, builtin, removed, body, created_at) VALUES ('old-deck', "
                    "'Old deck', 'en', 'CC0-1.0', 'x', '[]', '[]', 4, 16, false, false, :body, 1)"
                ),
                {"body": body.decode()},
            )
    finally:
        await engine.dispose()
    store = await Store.open(database_url)  # migrates to the newest revision
    try:
        await install_builtin(store)
        old = next(deck for deck in await list_decks(store) if deck["id"] == "old-deck")
        assert (old["license"], old["attribution"], old["calls"]) == ("CC0-1.0", "", 4)
        assert len((await find_deck(store, "old-deck"))[1].responses) == 16
    finally:
        await store.close()


async def test_two_processes_starting_together_store_the_built_in_decks_once(database_url):
    stores = [await Store.open(database_url), await Store.open(database_url)]
    try:
        await asyncio.gather(*(install_builtin(store) for store in stores))
        await install_builtin(stores[0])
        decks = await list_decks(stores[1])
        assert sorted(d["id"] for d in decks) == ["cardtable-gameschool", "cardtable-main"]
    finally:
        for store in stores:
            await store.close()


def test_another_process_loads_and_plays_a_table_with_library_decks(server, database_url):
    """A process that has never seen the deck reads it from the database before it replays
    the table's log, and before it resolves new settings naming another deck."""
    jah = upload(server, deck_files.jah(), name="packs.json")
    native = upload(server, deck_files.native(), name="native.json")
    host, _ = cah_table(server, {**SMALL, "decks": [jah["id"]]})
    code = host["code"]
    port = free_port()
    process = start_process(["--database-url", database_url], port)
    try:
        summary = httpx.get(f"http://127.0.0.1:{port}/api/tables/{code}", timeout=10)
        assert summary.status_code == 200
        other = Client(f"ws://127.0.0.1:{port}/ws/{code}", host["token"])
        assert [d["id"] for d in other.table_doc["decks"]] == [jah["id"]]
        settings = {"type": "settings", "options": {**SMALL, "decks": [native["id"]]}}
        assert other.table(settings)["type"] == "update"
        assert other.table({"type": "start"})["type"] == "update"
        assert all(c["text"].startswith("Native") for c in other.game["you"]["hand"])
        other.close()
    finally:
        process.terminate()
        process.wait(20)


def test_a_process_following_a_table_on_the_bus_reads_a_deck_named_in_new_settings(
    postgres_url, redis_url
):
    """Settings naming a deck uploaded elsewhere reach another process over Redis: it reads
    the deck from the database before applying them (PostgreSQL and Redis)."""
    prefix = f"cardtable-test-{secrets.token_hex(4)}"
    settings = settings_for(postgres_url, bus_url=redis_url, bus_prefix=prefix)
    port = free_port()
    process = start_process(
        ["--database-url", postgres_url, "--redis-url", redis_url, "--redis-prefix", prefix],
        port,
    )
    try:
        with RunningServer(settings) as server:
            host, ann = cah_table(server, {**SMALL, "decks": ["cardtable-main"]}, bots=0)
            other = Client(f"ws://127.0.0.1:{port}/ws/{host['code']}", host["token"])
            deck = upload(server, deck_files.native(), name="native.json")
            settings_step = {"type": "settings", "options": {**SMALL, "decks": [deck["id"]]}}
            assert ann.table(settings_step)["type"] == "update"
            other.until(lambda c: c.seq == ann.seq)
            assert [d["id"] for d in other.table_doc["decks"]] == [deck["id"]]
            other.close()
    finally:
        process.terminate()
        process.wait(20)
