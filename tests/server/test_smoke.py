def test_a_game_from_lobby_to_end(server):
    host = server.create(options={"target": 4})
    code = host["code"]
    bob = server.join(code, "Bob", client="bob-client-1")
    ann = server.client(code, host["token"])
    bob_ws = server.client(code, bob["token"])
    assert [m["name"] for m in ann.table_doc["members"]] == ["Ann", "Bob"]
    answer = ann.table({"type": "start"})
    assert answer["type"] == "update", answer
    assert ann.table_doc["status"] == "playing"
    assert ann.game["you"]["secret"] >= 0
    for _ in range(2):
        assert ann.play({"type": "pick", "n": 1})["type"] == "update"
        assert bob_ws.play({"type": "pick", "n": 3})["type"] == "update"
    server.catch_up(ann, code)
    server.catch_up(bob_ws, code)
    assert ann.table_doc["status"] == "ended"
    assert ann.table_doc["results"][0]["winners"] == [1]
    assert bob_ws.document["game"]["public"]["scores"] == ann.document["game"]["public"]["scores"]
