"""How the site's static files reach a browser (web/delivery.py): gzip when accepted, with
`Vary`; the index page naming its entry points under the tree's version and preloading every
module main.js imports statically; a year's `immutable` caching under the current version,
revalidation elsewhere, 304 on a matching ETag; and a clean 404 for any path outside the tree.
Also the light theme's colours (css/theme.css): each text colour against its backgrounds.

The app is the server's real one with the site mounted, called in-process (no lifespan: no
route here needs the database)."""

from __future__ import annotations

import asyncio
import gzip
import posixpath
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from fastapi.testclient import TestClient

from cardtable.server import Settings, create_app
from cardtable.web import mount, static_dir
from cardtable.web.delivery import StaticSite, accepts_gzip
from cardtable.web.module_graph import static_closure

STATIC = static_dir()
TEXT_SUFFIXES = (".html", ".js", ".css", ".svg", ".json", ".md")
IMMUTABLE = "public, max-age=31536000, immutable"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path_factory.mktemp('db')}/x.db"))
    mount(app)
    return app


@pytest.fixture(scope="module")
def http(app):
    return TestClient(app)


@pytest.fixture(scope="module")
def version(http) -> str:
    script = re.search(r'<script type="module" src="/v/(\w+)/js/main\.js"', http.get("/").text)
    assert script, "the index page loads js/main.js under a version"
    return script.group(1)


def text_files() -> list[str]:
    return sorted(
        path.relative_to(STATIC).as_posix()
        for path in STATIC.rglob("*")
        if path.is_file() and path.suffix in TEXT_SUFFIXES and path.name != "index.html"
    )


def test_every_text_file_is_sent_gzipped_when_accepted_and_varies_on_it(http, version):
    files = text_files()
    assert any(name.endswith(".js") for name in files) and any(n.endswith(".css") for n in files)
    for index, name in enumerate(files):
        original = (STATIC / name).read_bytes()
        url = f"/v/{version}/{name}" if index % 2 else f"/{name}"  # both kinds of path
        zipped = http.get(url, headers={"accept-encoding": "gzip, deflate"})
        assert zipped.status_code == 200, url
        assert zipped.headers["vary"] == "Accept-Encoding", url
        assert zipped.headers["content-encoding"] == "gzip", url
        assert zipped.content == original, url  # httpx decoded it
        plain = http.get(url, headers={"accept-encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.content == original
        assert plain.headers["vary"] == "Accept-Encoding"
        assert plain.headers["etag"] != zipped.headers["etag"]


def test_the_wire_holds_gzip_bytes(app):
    """What travels is the compressed file (httpx decodes it above): the app's raw answer."""
    status, headers, body = _call(app, "/js/main.js", [(b"accept-encoding", b"gzip")])
    assert status == 200
    assert int(headers[b"content-length"]) == len(body)
    assert gzip.decompress(body) == (STATIC / "js/main.js").read_bytes()
    assert len(body) < (STATIC / "js/main.js").stat().st_size


@pytest.mark.parametrize(
    ("header", "gzipped"),
    [
        ("gzip", True),
        ("br, gzip;q=0.5", True),
        ("*", True),
        ("GZIP;Q=1.0", True),
        ("", False),
        ("identity", False),
        ("gzip;q=0", False),
        ("gzip;q=0, *", False),
        ("*;q=0", False),
        ("br", False),
        ("gzip;q=oops", False),
    ],
)
def test_accept_encoding(header, gzipped):
    assert accepts_gzip(header) is gzipped


def test_versioned_files_are_immutable_others_revalidate(http, version):
    versioned = http.get(f"/v/{version}/js/main.js")
    assert versioned.headers["cache-control"] == IMMUTABLE
    assert versioned.content == (STATIC / "js/main.js").read_bytes()
    assert versioned.headers["content-type"] == "text/javascript; charset=utf-8"
    unversioned = http.get("/js/main.js")
    assert unversioned.headers["cache-control"] == "no-cache"
    assert unversioned.headers["etag"] == versioned.headers["etag"]
    assert http.get(f"/v/{version}/css/app.css").headers["content-type"].startswith("text/css")


def test_a_stale_version_serves_the_current_files_without_long_caching(http, version):
    stale = "0" * len(version) if version != "0" * len(version) else "1" * len(version)
    answer = http.get(f"/v/{stale}/js/main.js")
    assert answer.status_code == 200
    assert answer.content == (STATIC / "js/main.js").read_bytes()
    assert answer.headers["cache-control"] == "no-cache"
    assert http.get(f"/v/{stale}/js/gone.js").status_code == 404


def test_the_index_page_is_revalidated_and_answers_304_to_its_etag(http):
    for url in ("/", "/index.html"):
        page = http.get(url)
        assert page.status_code == 200
        assert page.headers["cache-control"] == "no-cache"
        assert page.headers["content-type"] == "text/html; charset=utf-8"
        etag = page.headers["etag"]
        again = http.get(url, headers={"if-none-match": etag})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["etag"] == etag and again.headers["cache-control"] == "no-cache"
        weak = http.get(url, headers={"if-none-match": f'"other", W/{etag}'})
        assert weak.status_code == 304
        assert http.get(url, headers={"if-none-match": '"other"'}).status_code == 200
    assert http.get("/").text == http.get("/index.html").text


def test_a_versioned_file_answers_304_to_either_encodings_etag(http, version):
    url = f"/v/{version}/css/app.css"
    for encoding in ("gzip", "identity"):
        etag = http.get(url, headers={"accept-encoding": encoding}).headers["etag"]
        again = http.get(url, headers={"if-none-match": etag, "accept-encoding": "gzip"})
        assert again.status_code == 304
        assert again.headers["cache-control"] == IMMUTABLE
        assert again.headers["vary"] == "Accept-Encoding"


def test_head_has_the_headers_and_no_body_and_other_methods_are_refused(http, version):
    head = http.head(f"/v/{version}/js/main.js", headers={"accept-encoding": "identity"})
    assert head.status_code == 200 and head.content == b""
    assert int(head.headers["content-length"]) == (STATIC / "js/main.js").stat().st_size
    refused = http.post("/js/main.js")
    assert refused.status_code == 405
    assert refused.json()["error"]["code"] == "bad-method"


def _statements(source: str) -> list[str]:
    """The import/export statements of a module: from a line starting with the keyword to the
    `;` that ends it."""
    found = []
    for start in re.finditer(r"^(?:import|export)\b", source, re.MULTILINE):
        end = source.find(";", start.start())
        found.append(source[start.start() : end if end != -1 else len(source)])
    return found


def _static_graph_of_main() -> set[str]:
    """Every module main.js reaches by static imports, walked here independently of
    web/module_graph.py: statements split at `;`, the specifier after `from` or `import`."""
    seen: set[str] = set()
    todo = ["js/main.js"]
    while todo:
        module = todo.pop()
        for statement in _statements((STATIC / module).read_text()):
            if statement.startswith("import("):
                continue
            specifier = re.search(r"""(?:\bfrom|^import)\s*["']([^"']+)["']\s*$""", statement)
            if specifier is None:
                continue
            target = posixpath.normpath(posixpath.join(posixpath.dirname(module), specifier[1]))
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_the_index_page_preloads_every_module_main_imports_statically(http, version):
    page = http.get("/").text
    preloaded = re.findall(r'<link rel="modulepreload" href="/v/(\w+)/([^"]+)">', page)
    assert {v for v, _ in preloaded} == {version}
    paths = [path for _, path in preloaded]
    assert len(paths) == len(set(paths))
    expected = _static_graph_of_main()
    assert "js/screens/home.js" in expected and len(expected) > 10
    assert set(paths) == expected
    for path in paths:
        assert http.get(f"/v/{version}/{path}").status_code == 200, path
    # before the script, so the browser starts them together with it
    assert page.index("modulepreload") < page.index('<script type="module"')
    stylesheets = re.findall(r'<link rel="stylesheet" href="([^"]+)">', page)
    assert stylesheets == [f"/v/{version}/css/app.css", f"/v/{version}/css/theme.css"]


def test_dynamic_imports_and_comments_are_not_preloaded_and_the_version_follows_files(
    tmp_path: Path,
):
    (tmp_path / "js").mkdir()
    (tmp_path / "index.html").write_text(
        '<link rel="stylesheet" href="site.css"><link rel="icon" href="data:,">\n'
        '<script type="module" src="./js/main.js"></script><a href="#x">x</a>'
    )
    (tmp_path / "site.css").write_text("body { color: red }")
    (tmp_path / "js/main.js").write_text(
        '// import { nope } from "./commented.js";\n'
        'import {\n  a,\n  b as c,\n} from "./a.js";\n'
        "import './side.js';\n"
        'export * from "./reexported.js";\n'
        'const lazy = () => import("./lazy.js");\n'
        'import { x } from "../outside.js";\n'
        'import { y } from "./missing.js";\n'
    )
    for name, text in {
        "a.js": 'import { d } from "./deep/d.js";\nexport const a = 1, b = 2;\n',
        "deep/d.js": 'import "../a.js";\nexport const d = 1;\n',
        "side.js": "",
        "reexported.js": "export const r = 1;\n",
        "lazy.js": 'import "./never.js";\n',
        "never.js": "",
        "commented.js": "",
    }.items():
        (tmp_path / "js" / name).parent.mkdir(exist_ok=True)
        (tmp_path / "js" / name).write_text(text)
    site = StaticSite(tmp_path)
    page = site.tree["index.html"].body.decode()
    prefix = f"/v/{site.version}/"
    assert f'href="{prefix}site.css"' in page and 'href="data:,"' in page
    assert f'src="{prefix}js/main.js"' in page and 'href="#x"' in page
    preloaded = re.findall(r'modulepreload" href="([^"]+)"', page)
    assert preloaded == [
        prefix + "js/a.js",
        prefix + "js/side.js",
        prefix + "js/reexported.js",
        prefix + "js/deep/d.js",
    ]
    sources = {"js/main.js": 'import "./js/x.js";', "js/js/x.js": ""}
    assert static_closure(sources, "js/main.js") == ["js/js/x.js"]

    assert StaticSite(tmp_path).version == site.version  # the same files, the same version
    first = site.version
    (tmp_path / "js/never.js").write_text("// changed\n")
    status, _, body = _call(site, "/")  # the index page looks at the folder again
    assert status == 200 and site.version != first
    assert f'src="/v/{site.version}/js/main.js"' in body.decode()
    status, headers, body = _call(site, f"/v/{first}/js/never.js")
    assert body == b"// changed\n" and headers[b"cache-control"] == b"no-cache"


@pytest.mark.parametrize(
    "path",
    [
        "/v/x/js/main.js",
        "/v/../js/main.js",
        "/v/{version}/../../etc/passwd",
        "/v/{version}/../../../pyproject.toml",
        "/../../etc/passwd",
        "/js/../../../pyproject.toml",
        "/v/{version}/js/../../web/__init__.py",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/v/{version}/%2e%2e%2f%2e%2e%2fetc/passwd",
        "/v/{version}/..%2f..%2f__init__.py",
        "/..\\..\\etc\\passwd",
        "/js/",
        "/v/{version}/",
        "/v/{version}",
        "//etc/passwd",
        "/js/main.js/",
    ],
)
def test_paths_outside_the_tree_are_a_clean_404(app, version, path):
    """Sent as raw as a client may (no URL normalisation on the way), as uvicorn decodes it."""
    raw = path.format(version=version)
    status, _, body = _call(app, unquote(raw), raw_path=raw.encode())
    assert status == 404, raw
    assert b'"code":"not-found"' in body


def _call(
    app, path: str, headers: list[tuple[bytes, bytes]] = (), raw_path: bytes | None = None
) -> tuple[int, dict[bytes, bytes], bytes]:
    """GET `path` from `app` as an ASGI server would: status, headers and the raw body."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": raw_path or path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"site"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("site", 80),
    }
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start, rest = sent[0], sent[1:]
    return start["status"], dict(start["headers"]), b"".join(m.get("body", b"") for m in rest)


# -- the light theme ----------------------------------------------------------------------------


def _luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _light_palette() -> dict[str, str]:
    css = (STATIC / "css/theme.css").read_text()
    block = re.search(r":root:not\(\.high-contrast\)\s*\{([^}]*)\}", css)
    assert block, "theme.css sets the light theme on :root unless High contrast is on"
    return dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{3,6})\s*;", block.group(1)))


def test_contrast_ratio_matches_wcag_examples():
    assert contrast("#000", "#fff") == pytest.approx(21)
    assert contrast("#777", "#fff") == pytest.approx(4.48, abs=0.01)


def test_the_light_themes_text_has_at_least_4_5_to_1_on_its_backgrounds():
    palette = _light_palette()
    backgrounds = ("--bg", "--panel", "--panel-2")
    pairs = [
        (text, bg) for text in ("--text", "--muted", "--accent", "--danger") for bg in backgrounds
    ]
    pairs.append(("--accent-text", "--accent"))
    ratios = {pair: contrast(palette[pair[0]], palette[pair[1]]) for pair in pairs}
    low = {pair: round(ratio, 2) for pair, ratio in ratios.items() if ratio < 4.5}
    assert not low, low
    assert {"--bg", "--panel", "--text", "--muted", "--accent", "--danger"} <= set(palette)
    assert _luminance(palette["--bg"]) > 0.8  # light indeed


def test_the_page_links_the_theme_and_says_it_has_both_schemes():
    page = (STATIC / "index.html").read_text()
    assert '<meta name="color-scheme" content="dark light">' in page
    assert page.index("css/app.css") < page.index("css/theme.css")
    theme_colors = re.findall(
        r'name="theme-color" content="(#\w+)" media="\(prefers-color-scheme: (\w+)\)"', page
    )
    assert {scheme for _, scheme in theme_colors} == {"dark", "light"}


def test_the_list_of_games_is_sent_gzipped_with_an_etag_and_304_once_held(http):
    plain = http.get("/api/games", headers={"accept-encoding": "identity"})
    packed = http.get("/api/games", headers={"accept-encoding": "gzip"})
    assert plain.headers["content-type"] == "application/json"
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.json() == plain.json() and any(g["id"] == "cah" for g in plain.json())
    assert int(packed.headers["content-length"]) < int(plain.headers["content-length"]) / 2
    again = http.get("/api/games", headers={"if-none-match": plain.headers["etag"]})
    assert again.status_code == 304 and again.content == b""


def test_a_method_a_path_does_not_take_is_405_naming_the_ones_it_does(http):
    static = http.post("/js/main.js")
    api = http.put("/api/games")
    assert (static.status_code, static.headers["allow"]) == (405, "GET, HEAD")
    assert (api.status_code, api.json()["error"]["code"]) == (405, "bad-method")
    assert "GET" in api.headers["allow"].split(", ")
