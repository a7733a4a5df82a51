// import-report.js: what an upload did, from the answer of POST /api/decks: a summary line
// ("Imported 412 cards; repaired 3, skipped 2"), the text encoding found, the deck's licence and
// attribution, and the cards repaired or skipped, card by card with their line or field, in a
// list that opens on demand.

import { h } from "./dom.js";

const number = new Intl.NumberFormat("en");
const MORE = "more not listed";

/** The one-line summary of an upload `deck` (the server's answer, with its `report`). */
export function reportSummary(deck) {
  const { repairs, skips } = deck.report;
  const cards = number.format(deck.calls + deck.responses);
  const kinds = `${number.format(deck.calls)} black, ${number.format(deck.responses)} white`;
  const stored = deck.created === false ? `“${deck.name}” was in the library already` : `Imported “${deck.name}”`;
  const fixed = repairs || skips ? `; repaired ${number.format(repairs)}, skipped ${number.format(skips)}` : "";
  return `${stored}: ${cards} cards (${kinds})${fixed}. It is chosen for this game.`;
}

/** Licence and attribution of a deck, in words. */
export function creditLine(deck) {
  const licence = deck.license ? `Licence: ${deck.license}` : "Licence not stated";
  return deck.attribution ? `${licence} · by ${deck.attribution}` : licence;
}

function notes(label, list, count) {
  if (!count) return null;
  const rest = count - list.length;
  return h("section", { class: "report-notes" },
    h("h4", { text: `${label} (${number.format(count)})` }),
    h("ul", {}, list.map((note) => h("li", {},
      note.where ? h("strong", { class: "report-where", text: `${note.where}: ` }) : null, note.message)),
    rest > 0 ? h("li", { class: "muted", text: `${number.format(rest)} ${MORE}` }) : null));
}

/** The report shown after an upload: the details under the live summary line. */
export function importReport(deck) {
  const { report } = deck;
  const facts = [report.encoding ? `Text encoding: ${report.encoding}.` : null, `${creditLine(deck)}.`];
  const changed = report.repairs + report.skips;
  return h("div", { class: "import-report" },
    h("p", { class: "help", text: facts.filter(Boolean).join(" ") }),
    changed ? h("details", { class: "report-details" },
      h("summary", { text: `What was repaired or skipped (${number.format(changed)} cards)` }),
      notes("Repaired", report.repaired, report.repairs),
      notes("Skipped", report.skipped, report.skips)) : null);
}
