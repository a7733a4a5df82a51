"""axe-core for the browser tests: fetched once from the npm registry, checked, run on a page.

The repository holds no third-party JavaScript, so the pinned release is downloaded as its npm
tarball, checked against the registry's sha512 `dist.integrity` below, and kept unpacked in
the user's cache folder ($XDG_CACHE_HOME or ~/.cache, under cardtable/axe-core-VERSION/), where
every later run finds it. `check(page, script, screen)` injects it into a page, runs it with
the WCAG 2.x A/AA rules plus best practices, and fails listing each serious or critical
violation; the minor and moderate ones go to test-output/axe/SCREEN.json for whoever reads them.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import tarfile
import tempfile
from pathlib import Path

import httpx

from output_folder import OUTPUT

VERSION = "4.14.1"
#: The registry's `dist.integrity` for VERSION (https://registry.npmjs.org/axe-core/4.14.1).
INTEGRITY = (
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJ"
    "pZe37OgudVGtQ=="
)
TARBALL = f"https://registry.npmjs.org/axe-core/-/axe-core-{VERSION}.tgz"
SCRIPT = "package/axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
#: The rules a change of colours alone (the other theme) can break.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
FAILING = ("serious", "critical")
REPORTS = OUTPUT / "axe"


def cached_script() -> Path:
    """axe.min.js of VERSION in the cache folder, downloaded and checked first if missing.
    Raises OSError, httpx.HTTPError or ValueError (a tarball that fails its check)."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    script = cache / "cardtable" / f"axe-core-{VERSION}" / "axe.min.js"
    if script.exists():
        return script
    answer = httpx.get(TARBALL, timeout=60, follow_redirects=True)
    answer.raise_for_status()
    code = script_of(answer.content)
    script.parent.mkdir(parents=True, exist_ok=True)
    # Written beside it and renamed, so a parallel worker never reads half a file.
    with tempfile.NamedTemporaryFile(dir=script.parent, delete=False) as part:
        part.write(code)
    os.replace(part.name, script)
    return script


def script_of(tarball: bytes) -> bytes:
    """axe.min.js out of the npm tarball, once the tarball matches INTEGRITY (else ValueError)."""
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tarball).digest()).decode()
    if digest != INTEGRITY:
        raise ValueError(f"{TARBALL} has {digest}, not the registry's {INTEGRITY}")
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
        member = tar.extractfile(SCRIPT)
        if member is None:
            raise ValueError(f"{TARBALL} holds no {SCRIPT}")
        return member.read()


RUN = """only => axe.run(document, {runOnly: only, resultTypes: ['violations']})
  .then(found => found.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map(n => ({impact: n.impact, target: n.target, summary: n.failureSummary})),
  })))"""


def check(page, script: Path, screen: str, colours_only: bool = False) -> None:
    """Run axe on the page as it is now (every rule of TAGS, or with `colours_only` the
    COLOUR_RULES); fail on any serious or critical violation, naming its rule, the elements
    (CSS selectors) and what the rule asks. Everything it found, of any impact, goes to
    test-output/axe/SCREEN.json."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(script))
    only = (
        {"type": "rule", "values": COLOUR_RULES}
        if colours_only
        else {"type": "tag", "values": TAGS}
    )
    violations = page.evaluate(RUN, only)
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / f"{screen}.json").write_text(json.dumps(violations, indent=1))
    failing = [
        f"{v['id']} ({node['impact']}): {' '.join(map(str, node['target']))}: {v['help']}"
        for v in violations
        for node in v["nodes"]
        if node["impact"] in FAILING
    ]
    assert not failing, f"axe on {screen}:\n" + "\n".join(failing)
