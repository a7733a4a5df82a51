"""`cardtable admin token` and the admin settings of `cardtable serve`, against a real server
on SQLite and PostgreSQL: the printed token opens the admin API and only its hash is stored;
CARDTABLE_ADMIN_TOKEN and `--word-filter` reach the server."""

from __future__ import annotations

import asyncio
import hashlib

import pytest
from cli_server import serve_settings, serving
from sqlalchemy import select

from cardtable.cli import build_parser, main
from cardtable.cli.serve import settings_from
from cardtable.store import Store
from cardtable.store.schema import admin_tokens


def issue(capsys, database_args) -> str:
    assert main(["admin", "token", *database_args]) == 0
    token = capsys.readouterr().out.strip()
    assert len(token) >= 32 and "\n" not in token
    return token


async def stored_hashes(url: str) -> list[str]:
    store = await Store.open(url)
    try:
        async with store.engine.connect() as connection:
            return list((await connection.execute(select(admin_tokens.c.token_hash))).scalars())
    finally:
        await store.close()


def test_admin_token_opens_the_admin_api_and_only_its_hash_is_stored(capsys, database_args):
    first, second = issue(capsys, database_args), issue(capsys, database_args)
    assert first != second
    settings = serve_settings(database_args)
    hashes = asyncio.run(stored_hashes(settings.database_url))
    assert sorted(hashes) == sorted(hashlib.sha256(t.encode()).hexdigest() for t in (first, second))
    with serving(settings) as http:
        for token in (first, second):
            answer = http.get("/api/admin/reports", headers={"Authorization": f"Bearer {token}"})
            assert answer.status_code == 200 and answer.json() == []
        wrong = http.get("/api/admin/log", headers={"Authorization": f"Bearer {first}x"})
        assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "not-admin"


def test_serve_takes_the_admin_token_from_the_environment_and_a_word_filter_file(
    tmp_path, monkeypatch
):
    words = tmp_path / "words.txt"
    words.write_text("# refused on this site\nbother\n\n", encoding="utf-8")
    monkeypatch.setenv("CARDTABLE_ADMIN_TOKEN", "env-admin-token-1234")
    args = build_parser().parse_args(
        ["serve", "--data-dir", str(tmp_path / "data"), "--word-filter", str(words)]
    )
    settings = settings_from(args)
    assert settings.admin_token == "env-admin-token-1234"
    with serving(settings) as http:
        log = http.get("/api/admin/log", headers={"Authorization": "Bearer env-admin-token-1234"})
        assert log.status_code == 200 and log.json() == []
        body = {"game": "cah", "name": "Bother", "client": "cli-client-1"}
        refused = http.post("/api/tables", json=body)
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "word-filtered"
        assert http.post("/api/tables", json={**body, "name": "Ann"}).status_code == 201


def test_serve_without_settings_has_no_env_token_and_no_filter(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDTABLE_ADMIN_TOKEN", raising=False)
    monkeypatch.delenv("CARDTABLE_WORD_FILTER_FILE", raising=False)
    settings = settings_from(build_parser().parse_args(["serve", "--data-dir", str(tmp_path)]))
    assert settings.admin_token is None and settings.filtered_words == ()


def test_a_missing_word_filter_file_is_a_clear_error(tmp_path, capsys):
    missing = tmp_path / "nowhere.txt"
    code = main(
        ["serve", "--data-dir", str(tmp_path), "--word-filter", str(missing), "--port", "1"]
    )
    assert code == 2
    assert "nowhere.txt" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--workers", "0"], "--workers must be at least 1"),
        (["--workers", "2", "--redis-url", "redis://127.0.0.1:6379/0"], "choose one"),
    ],
)
def test_serve_refuses_workers_it_cannot_run_with_a_clear_error(tmp_path, capsys, extra, said):
    code = main(["serve", "--data-dir", str(tmp_path), "--port", "1", *extra])
    assert code == 2
    assert said in capsys.readouterr().err
