"""The how-to-play pages (web/static/howto/<game id>.html, and howto/<lang>/<game id>.html in
German, Spanish and Brazilian Portuguese): one for every game a table may host and none for any
other, served by the site, each with its two-minute part and its details, every link and
fragment on it answered, and none of the rules files' ruling codes in it. A page in another
language has the English page's sections (the same ids) and says it is in its language.

The app is the server's real one with the site mounted, called in-process (no lifespan)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin

import pytest
from fastapi.testclient import TestClient

from cardtable import games
from cardtable.server import Settings, create_app
from cardtable.web import mount, static_dir

HOWTO = static_dir() / "howto"
SITE = "http://testserver/"
#: The languages with pages of their own, each in its folder, and the start of their h1 and title.
LANGUAGES = {"de": "So spielst du", "es": "Cómo se juega a", "pt-BR": "Como jogar"}
RULING_CODE = re.compile(r"\b(K|CS-|RB-|CSH-)\d+")


def shipped() -> list[str]:
    """The games tables may host that come with cardtable (not a test's own, like `tiny`)."""
    return [g for g in games.ids() if type(games.get(g)).__module__.startswith("cardtable.games.")]


class Page(HTMLParser):
    """What a test reads of a page: the URLs it names, its element ids, its h1 and title."""

    def __init__(self, html: str):
        super().__init__()
        self.urls: list[str] = []
        self.ids: set[str] = set()
        self.texts: dict[str, str] = {"h1": "", "title": ""}
        self._in: str | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        self.urls += [found[name] for name in ("href", "src") if found.get(name) is not None]
        if "id" in found:
            self.ids.add(found["id"])
        if tag in self.texts:
            self._in = tag

    def handle_endtag(self, tag):
        if tag == self._in:
            self._in = None

    def handle_data(self, data):
        if self._in:
            self.texts[self._in] += data


@pytest.fixture(scope="module")
def http(tmp_path_factory):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path_factory.mktemp('db')}/x.db"))
    mount(app)
    return TestClient(app)


@pytest.mark.parametrize("folder", ["", *(f"{lang}/" for lang in LANGUAGES)])
def test_a_page_for_every_game_tables_host_and_no_other(folder):
    assert sorted(path.stem for path in (HOWTO / folder).glob("*.html")) == shipped()


def check_served(http, url: str) -> Page:
    """The page at `url`, served as HTML, each of its links answered and each fragment found."""
    answer = http.get(url)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    page = Page(answer.text)
    assert {"quick", "details"} <= page.ids
    for link in page.urls:
        if link.startswith("data:"):
            continue
        target, fragment = urldefrag(urljoin(url, link))
        assert target.startswith(SITE), f"{link}: the pages link only to the site itself"
        if target == url:
            assert fragment in page.ids, f"{link}: no such id on the page"
        else:
            assert not fragment, f"{link}: fragments only within the page"
            assert http.get(target).status_code == 200, link
    return page


@pytest.mark.parametrize("game_id", shipped())
def test_each_page_is_served_with_its_parts_and_every_link_answers(http, game_id):
    page = check_served(http, f"{SITE}howto/{game_id}.html")
    title = games.get(game_id).title
    assert page.texts["h1"] == f"How to play {title}"
    assert page.texts["title"].startswith(f"How to play {title}")
    assert "../" in page.urls  # the way back to the site


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", shipped())
def test_each_language_has_the_english_pages_sections(http, game_id, lang):
    english = Page((HOWTO / f"{game_id}.html").read_text(encoding="utf-8"))
    page = check_served(http, f"{SITE}howto/{lang}/{game_id}.html")
    assert page.ids == english.ids
    title = games.get(game_id).title
    assert page.texts["h1"] == f"{LANGUAGES[lang]} {title}"
    assert page.texts["title"].startswith(page.texts["h1"])
    assert "../../" in page.urls  # the way back to the site
    html = (HOWTO / lang / f"{game_id}.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in html


@pytest.mark.parametrize("folder", ["", *(f"{lang}/" for lang in LANGUAGES)])
@pytest.mark.parametrize("game_id", shipped())
def test_no_ruling_codes_from_the_rules_files(game_id, folder):
    text = (HOWTO / folder / f"{game_id}.html").read_text(encoding="utf-8")
    assert not RULING_CODE.search(text), RULING_CODE.search(text)
