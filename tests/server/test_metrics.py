"""`GET /metrics`: what a Prometheus scrape of a running server reads, and that it adds up."""

from __future__ import annotations


def test_metrics_count_tables_connections_actions_refusals_and_latencies(server):
    host = server.create(options={"target": 100})
    code = host["code"]
    bob_seat = server.join(code, "Bob", client="bob-client-1")
    ann = server.client(code, host["token"])
    bob = server.client(code, bob_seat["token"])
    assert ann.table({"type": "start"})["type"] == "update"
    for _ in range(3):
        assert ann.play({"type": "pick", "n": 1})["type"] == "update"
        assert bob.play({"type": "pick", "n": 2})["type"] == "update"
    assert ann.play({"type": "pick", "n": 3})["type"] == "update"
    assert ann.play({"type": "pick", "n": 1})["code"] == "not-your-turn"
    assert bob.play({"type": "pick", "n": 4})["code"] == "bad-pick"
    server.catch_up(ann, code)

    answer = server.http.get("/metrics")
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    samples = server.metrics()
    assert samples["cardtable_connections"] == 2
    assert samples["cardtable_live_tables"] == 1
    assert samples['cardtable_tables{status="playing"}'] == 1
    assert samples['cardtable_actions_total{kind="game"}'] == 7
    assert samples['cardtable_rejected_total{code="not-your-turn"}'] == 1
    assert samples['cardtable_rejected_total{code="bad-pick"}'] == 1
    assert samples["cardtable_conflicts_total"] == 0
    assert samples['cardtable_messages_total{direction="in"}'] == 1 + 7 + 2  # after hello
    assert samples['cardtable_messages_total{direction="out"}'] >= 2 * (1 + 7)
    stored = sum(n for name, n in samples.items() if name.startswith("cardtable_actions_total"))
    for histogram in ("cardtable_action_seconds", "cardtable_store_append_seconds"):
        buckets = [n for name, n in samples.items() if name.startswith(f"{histogram}_bucket")]
        assert buckets == sorted(buckets)  # cumulative
        assert buckets[-1] == samples[f"{histogram}_count"] > 0
        assert samples[f"{histogram}_sum"] > 0
    # every step stored through the table was timed once, acknowledged or not
    assert samples["cardtable_store_append_seconds_count"] >= 1 + 7
    assert stored >= samples["cardtable_store_append_seconds_count"]

    bob.close()
    ann.until(lambda c: not next(m for m in c.table_doc["members"] if m["name"] == "Bob")["online"])
    assert server.metrics()["cardtable_connections"] == 1
    ann.close()
