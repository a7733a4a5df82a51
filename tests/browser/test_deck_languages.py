"""A deck upload in the reader's language (issue 21): a German host uploads a file with a card
repaired, a card skipped and a letter that is not UTF-8, and reads the import report in German
(every note the catalogue's sentence for its code, with its line in German, none of the
importer's English); a file that is refused is said by its own problem in German."""

from __future__ import annotations

from pathlib import Path

from driver import DESKTOP
from playwright.sync_api import expect
from test_languages import missing_keys, speaks, words

BROKEN = Path(__file__).parents[1] / "decks" / "fixtures" / "broken"
#: A CSV deck whose line 4 has a pick that is no number (skipped), with a line 5 whose pick
#: of 1 meets two blanks (repaired) and holds "ü" in Windows-1252 (the file is not UTF-8).
REPAIRED_AND_SKIPPED = (
    BROKEN / "cards-bad-pick.csv"
).read_bytes() + "black,Zweimal _ für _.,1\n".encode("cp1252")
#: The English the importer writes for those notes, which the German page must not show.
IMPORTER_ENGLISH = ["line", "must be", "every blank", "not UTF-8", "read as"]


def _upload(page, de: dict, name: str, data: bytes) -> None:
    if not page.locator(".deck-upload").evaluate("details => details.open"):
        page.get_by_text(de["upload.title"]).click()
    page.get_by_label(de["upload.file"]).set_input_files(
        files=[{"name": name, "mimeType": "text/csv", "buffer": data}]
    )
    page.get_by_role("button", name=de["upload.button"]).click()


def _placed(de: dict, line: int, code: str, **params) -> str:
    """The German line of a problem: its place, then its sentence (numbers below 1,000 are
    written alike in every language)."""
    return f"{de['deck.at.line'].format(line=line)}: {de[f'deck.problem.{code}'].format(**params)}"


def test_a_german_host_reads_the_import_report_and_a_refusal_in_german(open_page, screens):
    de = words("de")
    page = open_page(DESKTOP, locale="de-DE")
    speaks(page, "de")
    page.get_by_text(de["game.common.section.more-settings"], exact=True).click()
    page.get_by_text(de["game.cah.group.cards"], exact=True).click()

    _upload(page, de, "karten.csv", REPAIRED_AND_SKIPPED)
    report = page.locator(".import-report")
    expect(report).to_contain_text(de["import.encoding"].format(encoding="Windows-1252"))
    first_not_utf8 = REPAIRED_AND_SKIPPED.index("ü".encode("cp1252"))
    expect(report).to_contain_text(_placed(de, 5, "not-utf8", byte=first_not_utf8))
    report.locator("summary").click()
    notes = report.locator(".report-notes li")
    expect(notes).to_have_text(
        [
            _placed(de, 5, "pick-1-several-blanks", blanks=2),
            _placed(de, 4, "not-whole-number", field="pick"),
        ]
    )
    shown = report.inner_text()
    assert [phrase for phrase in IMPORTER_ENGLISH if phrase in shown] == []
    screens(page, "deck-report-de")

    open_page.expected_console.append("status of 400")
    _upload(page, de, "ohne-text.csv", (BROKEN / "cards-no-text.csv").read_bytes())
    expect(page.locator(".deck-upload .form-error")).to_have_text(
        de["upload.failed"].format(reason=_placed(de, 1, "no-text-column"))
    )
    assert missing_keys(page) == []
