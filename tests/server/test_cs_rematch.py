"""CS-2 at a table: a rematch of a finished `cunt-soul` game is dealt by the previous
sole-cunt, found by who he is (seats are re-numbered when players leave between games)."""

from __future__ import annotations

from cardtable import games
from cardtable.engine import Rng
from cardtable.store import Entry
from cardtable.table import reducer
from cardtable.table.state import TableState

GAME = games.get("cunt-soul")


def play_until_the_end(server, code: str, ann, rng: Rng) -> None:
    """The host plays random legal moves (read from the server's state) until the game ends."""

    def look(state):
        """The step the table is at, and the host's move if the game waits on her."""
        game_state = state.game_state
        waits = state.status == "playing" and 0 in GAME.to_act(game_state)
        return state.seq, GAME.random_action(game_state, 0, rng) if waits else None

    while ann.table_doc["status"] == "playing":
        seq, move = server.read(code, look)
        ann.until(lambda c, seq=seq: c.seq >= seq)
        if ann.table_doc["status"] != "playing" or ann.seq != seq:
            continue  # over, or a bot moved since: look again
        if move is None:
            ann.until(lambda c, seq=seq: c.seq > seq)  # the bots' moves
        else:
            answer = ann.play(move)
            assert answer["type"] == "update", answer


def test_cs2_a_rematch_is_dealt_by_the_previous_sole_cunt(server):
    host = server.create(game="cunt-soul")
    code = host["code"]
    ann = server.client(code, host["token"])
    for _ in range(3):
        assert ann.table({"type": "add-bot"})["type"] == "update"
    assert ann.table({"type": "start"})["type"] == "update"
    rng = Rng(2)
    play_until_the_end(server, code, ann, rng)
    # A tied stalemate leaves no sole-cunt (the next dealer is then drawn): play on until a
    # game has one. The bots' moves vary from run to run.
    while (loser_seat := ann.table_doc["results"][-1]["detail"]["sole_cunt"]) is None:
        assert ann.table({"type": "start"})["type"] == "update"
        play_until_the_end(server, code, ann, rng)
    played = len(ann.table_doc["results"])
    holders = server.read(code, lambda state: [seat.members[0] for seat in state.seats])
    loser = holders[loser_seat]
    # Everyone else but the host leaves and is replaced: the seats are numbered anew.
    for seat, member in enumerate(holders):
        if seat not in (0, loser_seat):
            assert ann.table({"type": "kick", "member": member})["type"] == "update"
    for _ in range(4 - len({0, loser_seat})):
        assert ann.table({"type": "add-bot"})["type"] == "update"
    assert ann.table({"type": "start"})["type"] == "update"
    ann.until(lambda c: c.table_doc["game_number"] == played + 1 and c.game is not None)
    new_seat = server.read(
        code, lambda state: next(s for s, seat in enumerate(state.seats) if loser in seat.members)
    )
    assert new_seat == (0 if loser_seat == 0 else 1)
    assert ann.game["public"]["dealer"] == new_seat
    assert ann.game["public"]["first"] == (new_seat + 1) % 4


def entry(seq: int, action: dict, kind: str = "lobby", seat: int | None = None) -> Entry:
    return Entry(seq, kind, seat, action, float(seq), 0.0)


def finished_table(seed: int) -> TableState:
    """Ann and three bots play one game of seed `seed` to its end, through the reducer."""
    host = {"name": "Ann", "token": "ann-token", "client": "ann-client"}
    create = {"type": "create", "game": "cunt-soul", "name": "T", "public": False, "options": {}}
    table = TableState.create("CS2", entry(1, {**create, "created": 0.0, "host": host}))
    for _ in range(3):
        reducer.apply(table, entry(table.seq + 1, {"type": "add-bot", "by": 0}))
    reducer.apply(table, entry(table.seq + 1, {"type": "start", "by": 0, "seed": seed}))
    rng = Rng(seed)
    while table.status == "playing":
        state = table.game_state
        seat = min(GAME.to_act(state))
        reducer.apply(
            table, entry(table.seq + 1, GAME.random_action(state, seat, rng), "game", seat)
        )
    return table


def test_cs2_the_dealer_follows_the_sole_cunt_to_his_new_seat():
    """A game whose sole-cunt sat third or fourth: the bot before him leaves, he moves up."""
    seed = next(s for s in range(50) if (sole_cunt(finished_table(s)) or 0) >= 2)
    table = finished_table(seed)
    loser_seat = sole_cunt(table)
    loser = table.seats[loser_seat].members[0]
    reducer.apply(table, entry(table.seq + 1, {"type": "kick", "by": 0, "member": 1}))
    reducer.apply(table, entry(table.seq + 1, {"type": "add-bot", "by": 0}))
    reducer.apply(table, entry(table.seq + 1, {"type": "start", "by": 0, "seed": 7}))
    assert loser in table.seats[loser_seat - 1].members
    assert table.game_state.dealer == loser_seat - 1
    assert table.game_state.first == loser_seat % 4
    # With the same people in the same seats he deals from the same seat, whatever the seed.
    again = finished_table(seed)
    reducer.apply(again, entry(again.seq + 1, {"type": "start", "by": 0, "seed": 8}))
    assert again.game_state.dealer == loser_seat


def sole_cunt(table: TableState) -> int | None:
    return (table.results[0].get("detail") or {}).get("sole_cunt")
