"""The QR encoder (js/qr.js) in the browser: golden outputs that zbarimg decoded back to their
text when they were recorded, the version it picks, and its limit."""

from __future__ import annotations

import hashlib

import pytest

# text -> (modules per side, SHA-256 of the rows as "0"/"1" lines)
GOLDEN = {
    "http://127.0.0.1:8000/#/join/ABCDEF": (
        29,
        "216b784e266b454101e89be522d681bd2d12ec10d312e00b26f5b1b503b2609b",
    ),
    "https://cards.example.org/#/join/" + "Y" * 60: (
        41,
        "7726c23672f231c1fb92d89c922520930b8285436f6de515c1efdd720bd930d2",
    ),
    "z" * 213: (57, "f6862dc828d614e511c1aea5f5a112d3daed5599ae635fd3e675eb5a0f04fc3a"),
}

ENCODE = """async (text) => {
  const { qrModules } = await import("/js/qr.js");
  try {
    return qrModules(text).map((row) => row.map((dark) => (dark ? "1" : "0")).join("")).join("\\n");
  } catch (error) {
    return error.name;
  }
}"""


@pytest.fixture
def page(open_page):
    return open_page()


def test_golden_codes(page):
    for text, (size, digest) in GOLDEN.items():
        rows = page.evaluate(ENCODE, text)
        assert len(rows.split("\n")) == size
        assert hashlib.sha256(rows.encode()).hexdigest() == digest, text


def test_too_long_for_version_10(page):
    assert page.evaluate(ENCODE, "z" * 214) == "RangeError"
