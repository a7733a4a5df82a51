// import-report.js: what an upload did, from the answer of POST /api/decks: a summary line
// ("Imported 412 cards; repaired 3, skipped 2"), the text encoding found, the deck's licence and
// attribution, and the cards repaired or skipped, card by card with their line or field, in a
// list that opens on demand. Each note is the catalogue's sentence for its code
// (deck-problem.js); only a note whose code the catalogue lacks shows the importer's English.

import { placedProblem, placeText, problemText } from "./deck-problem.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The one-line summary of an upload `deck` (the server's answer, with its `report`). */
export function reportSummary(deck) {
  const { repairs, skips } = deck.report;
  const counts = {
    name: deck.name,
    count: deck.calls + deck.responses,
    kinds: t("decks.counts", { black: deck.calls, white: deck.responses }),
    repairs,
    skips,
  };
  const stored = t(deck.created === false ? "import.already" : "import.imported", counts);
  return repairs || skips ? t("import.summaryFixed", { stored, ...counts }) : t("import.summary", { stored, ...counts });
}

/** Licence and attribution of a deck, in words. */
export function creditLine(deck) {
  const licence = deck.license ? t("import.licence", { licence: deck.license }) : t("import.noLicence");
  return deck.attribution ? `${licence} · ${t("decks.by", { name: deck.attribution })}` : licence;
}

/** One note: its place in bold, then what was done and why. */
function noteItem(note) {
  const sentence = problemText(note.code, note.params);
  const place = sentence === null ? note.where : placeText(note.at);
  return h("li", {},
    place ? h("strong", { class: "report-where", text: `${place}: ` }) : null, sentence ?? note.message);
}

function notes(label, list, count) {
  if (!count) return null;
  const rest = count - list.length;
  return h("section", { class: "report-notes" },
    h("h4", { text: t("import.notes", { label, count }) }),
    h("ul", {}, list.map(noteItem),
    rest > 0 ? h("li", { class: "muted", text: t("import.more", { count: rest }) }) : null));
}

/** The report shown after an upload: the details under the live summary line. */
export function importReport(deck) {
  const { report } = deck;
  const encoding = report.encoding ? t("import.encoding", { encoding: report.encoding }) : null;
  const facts = [encoding, report.encodingNote ? placedProblem(report.encodingNote) : null, `${creditLine(deck)}.`];
  const changed = report.repairs + report.skips;
  return h("div", { class: "import-report" },
    h("p", { class: "help", text: facts.filter(Boolean).join(" ") }),
    changed ? h("details", { class: "report-details" },
      h("summary", { text: t("import.details", { count: changed }) }),
      notes(t("import.repaired"), report.repaired, report.repairs),
      notes(t("import.skipped"), report.skipped, report.skips)) : null);
}
