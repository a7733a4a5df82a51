"""The browser's patch.js applies the server's patches as patch.py does: for the hand-picked
list changes and random pairs of documents, `applyPatch(old, diff(old, new))` gives `new`."""

from __future__ import annotations

import json

from hypothesis import given, settings

from cardtable.table.patch import diff
from patch_cases import EXAMPLES, PAIRS

# The documents go as JSON text both ways: Playwright's own argument encoding is many times
# slower, and this test makes hundreds of round trips.
APPLY = """async (pairJson) => {
  const { applyPatch } = await import("/js/patch.js");
  const [old, ops] = JSON.parse(pairJson);
  return JSON.stringify(applyPatch(old, ops));
}"""


def test_patch_js_turns_old_into_new(open_page):
    page = open_page()

    def applied_in_browser(old, new):
        ops = diff(old, new)
        assert json.loads(page.evaluate(APPLY, json.dumps([old, ops]))) == new

    for old, new, _ in EXAMPLES:
        applied_in_browser(old, new)

    @settings(max_examples=300, deadline=None)
    @given(PAIRS)
    def random_pairs(pair):
        applied_in_browser(*pair)

    random_pairs()
