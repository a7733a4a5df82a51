// import-report.js: what an upload did, from the answer of POST /api/decks: a summary line
// ("Imported 412 cards; repaired 3, skipped 2"), the text encoding found, the deck's licence and
// attribution, and the cards repaired or skipped, card by card with their line or field, in a
// list that opens on demand.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The one-line summary of an upload `deck` (the server's answer, with its `report`). The
 *  repair and skip notes themselves are the importer's own words, shown as it wrote them. */
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

function notes(label, list, count) {
  if (!count) return null;
  const rest = count - list.length;
  return h("section", { class: "report-notes" },
    h("h4", { text: t("import.notes", { label, count }) }),
    h("ul", {}, list.map((note) => h("li", {},
      note.where ? h("strong", { class: "report-where", text: `${note.where}: ` }) : null, note.message)),
    rest > 0 ? h("li", { class: "muted", text: t("import.more", { count: rest }) }) : null));
}

/** The report shown after an upload: the details under the live summary line. */
export function importReport(deck) {
  const { report } = deck;
  const facts = [report.encoding ? t("import.encoding", { encoding: report.encoding }) : null, `${creditLine(deck)}.`];
  const changed = report.repairs + report.skips;
  return h("div", { class: "import-report" },
    h("p", { class: "help", text: facts.filter(Boolean).join(" ") }),
    changed ? h("details", { class: "report-details" },
      h("summary", { text: t("import.details", { count: changed }) }),
      notes(t("import.repaired"), report.repaired, report.repairs),
      notes(t("import.skipped"), report.skipped, report.skips)) : null);
}
