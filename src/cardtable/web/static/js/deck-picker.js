// deck-picker.js: the CAH `decks` option as a choice from the site's deck library
// (GET /api/decks): one checkbox per deck with its name, card counts, tags, rating, licence and
// attribution, a filter when the library is long, the pack picker of the chosen decks, and an
// upload (POST /api/decks, the file as the raw body) that shows its import report, or whose
// errors name the line or field the server points at. Same interface as a form control:
// element, value(), set(ids).
// The pack picker keeps the form's `packs` option (a text box, one pack per line) in step: it
// writes the box before its change reaches the form, and reads it after the form is set.

import { api } from "./api.js";
import { h, replace, uid } from "./dom.js";
import { formatList, t } from "./i18n.js";
import { importReport, reportSummary } from "./import-report.js";
import { PackPicker } from "./pack-picker.js";

const FILTER_FROM = 7;
const ACCEPT = ".json,.json5,.deck,.md,.txt,.csv,.sql,.sqlite,.db";

let library = null;

/** The deck library, fetched once per page and again after an upload. */
function loadLibrary(fresh = false) {
  if (!library || fresh) {
    library = api.decks().catch((error) => {
      library = null;
      throw error;
    });
  }
  return library;
}

/** "12 black cards, 40 white cards" in the page's language. */
export function cardCounts(calls, responses) {
  return t("decks.cardCounts", { black: t("decks.blackCards", { count: calls }), white: t("decks.whiteCards", { count: responses }) });
}

/** One line about a deck: its counts, language, tags, ratings, licence and origin. */
export function deckFacts(deck) {
  const facts = [cardCounts(deck.calls, deck.responses)];
  if (deck.language) facts.push(deck.language);
  const ratings = (deck.ratings || []).filter((rating) => rating !== "unrated");
  if (ratings.length) facts.push(t("decks.rated", { ratings: formatList(ratings) }));
  if (deck.tags && deck.tags.length) facts.push(t("decks.tags", { tags: `${deck.tags.slice(0, 6).join(", ")}${deck.tags.length > 6 ? "…" : ""}` }));
  facts.push(deck.license ? t("decks.licence", { licence: deck.license }) : t("decks.noLicence"));
  if (deck.attribution) facts.push(t("decks.by", { name: deck.attribution }));
  facts.push(deck.builtin ? t("decks.builtin") : t("decks.uploaded"));
  return facts.join(" · ");
}

export class DeckPicker {
  constructor(option) {
    this.option = option;
    this.wanted = [...option.default];
    this.decks = [];
    this.list = h("ul", { class: "deck-list" });
    this.status = h("p", { class: "muted", text: t("decks.loading") });
    const filterId = uid("deck-filter");
    this.filter = h("input", { id: filterId, type: "search", autocomplete: "off", placeholder: t("decks.filterPlaceholder") });
    this.filter.addEventListener("input", () => this.applyFilter());
    this.filterField = h("div", { class: "field", hidden: true }, h("label", { for: filterId, text: t("decks.filter") }), this.filter);
    this.count = h("p", { class: "help", role: "status" });
    this.packs = new PackPicker({ onChange: (names) => this.writePacks(names) });
    this.packsBox = null; // the form's `packs` text box, found once the form is built
    this.element = h("div", { class: "deck-picker" },
      h("fieldset", { class: "deck-fieldset" },
        h("legend", { text: option.label }),
        h("p", { class: "help", text: t("decks.help") }),
        this.filterField, this.status, this.list, this.count),
      this.packs.element,
      this.uploadForm());
    loadLibrary().then((decks) => this.show(decks), (error) => {
      this.status.textContent = t("decks.failed", { reason: error.message });
    });
  }

  show(decks) {
    this.decks = decks;
    this.status.hidden = decks.length > 0;
    this.status.textContent = decks.length ? "" : t("decks.empty");
    this.filterField.hidden = decks.length < FILTER_FROM;
    const known = new Set(decks.map((deck) => deck.id));
    const missing = this.wanted.filter((id) => !known.has(id)).map((id) => ({ id, name: id, missing: true }));
    replace(this.list, [...decks, ...missing].map((deck) => this.item(deck)));
    this.applyFilter();
    this.countChosen();
    this.showPacks();
  }

  // -- packs --------------------------------------------------------------------------------

  /** The form's `packs` option, which the pack picker stands in for (hidden once found). */
  packsControl() {
    if (!this.packsBox) {
      const form = this.element.closest(".options-form");
      this.packsBox = form && form.querySelector('textarea[name="packs"]');
      const field = this.packsBox && this.packsBox.closest(".field");
      if (field) field.hidden = true;
    }
    return this.packsBox;
  }

  /** List the packs of the chosen decks, as the `packs` option has them. */
  showPacks() {
    const box = this.packsControl();
    if (!box) return;
    this.packs.set(box.value.split("\n").map((line) => line.trim()).filter(Boolean));
    const chosen = this.read();
    this.packs.decks(this.decks.filter((deck) => chosen.includes(deck.id)));
  }

  writePacks(names) {
    const box = this.packsControl();
    if (box) box.value = names.join("\n");
  }

  item(deck) {
    const id = uid("deck");
    const box = h("input", { type: "checkbox", id, name: "decks", value: deck.id, checked: this.wanted.includes(deck.id),
      "aria-describedby": `${id}-facts` });
    box.addEventListener("change", () => {
      this.wanted = this.read();
      if (!box.checked) this.packs.forget([deck.id]);
      this.countChosen();
      this.showPacks();
    });
    return h("li", { class: "deck-item" },
      h("label", { class: "check", for: id }, box, h("span", { class: "deck-name", text: deck.name })),
      h("p", { class: "help deck-facts", id: `${id}-facts`, text: deck.missing ? t("decks.missing") : deckFacts(deck) }));
  }

  applyFilter() {
    const words = this.filter.value.trim().toLowerCase();
    for (const item of this.list.children) {
      const text = item.textContent.toLowerCase();
      item.hidden = Boolean(words) && !text.includes(words);
    }
  }

  countChosen() {
    const chosen = this.read();
    const decks = this.decks.filter((deck) => chosen.includes(deck.id));
    const calls = decks.reduce((sum, deck) => sum + deck.calls, 0);
    const responses = decks.reduce((sum, deck) => sum + deck.responses, 0);
    this.count.textContent = chosen.length
      ? t("decks.chosen", { decks: t("decks.count", { count: chosen.length }), cards: cardCounts(calls, responses), count: chosen.length })
      : t("decks.noneChosen");
  }

  read() {
    return [...this.list.querySelectorAll("input:checked")].map((box) => box.value);
  }

  value() {
    return this.decks.length || this.list.childElementCount ? this.read() : [...this.wanted];
  }

  set(ids) {
    this.wanted = [...(ids || [])];
    if (!this.decks.length && !this.list.childElementCount) return;
    this.show(this.decks);
    // The form sets its `packs` box after this control: read it once the form is set.
    queueMicrotask(() => this.showPacks());
  }

  // -- upload -------------------------------------------------------------------------------

  uploadForm() {
    const fileId = uid("deck-file");
    const kindId = uid("deck-kind");
    const file = h("input", { type: "file", id: fileId, accept: ACCEPT });
    const kind = h("select", { id: kindId },
      h("option", { value: "", text: t("upload.kindFile") }),
      h("option", { value: "black", text: t("upload.kindBlack") }),
      h("option", { value: "white", text: t("upload.kindWhite") }));
    const error = h("p", { class: "form-error", role: "alert" });
    const done = h("p", { class: "upload-done", role: "status" });
    const report = h("div", { class: "upload-report" });
    const button = h("button", { type: "button", class: "secondary", text: t("upload.button") });
    button.addEventListener("click", async () => {
      error.textContent = "";
      done.textContent = "";
      report.replaceChildren();
      const chosen = file.files && file.files[0];
      if (!chosen) {
        error.textContent = t("upload.noFile");
        file.focus();
        return;
      }
      button.disabled = true;
      try {
        const deck = await api.uploadDeck(chosen, { name: chosen.name, ...(kind.value ? { kind: kind.value } : {}) });
        this.wanted = [...this.read(), deck.id];
        this.show(await loadLibrary(true));
        // The chosen decks changed: a form that applies changes at once hears it.
        this.element.dispatchEvent(new Event("change", { bubbles: true }));
        done.textContent = reportSummary(deck);
        report.append(importReport(deck));
        file.value = "";
      } catch (failure) {
        error.textContent = t("upload.failed", { reason: failure.message });
      } finally {
        button.disabled = false;
      }
    });
    return h("details", { class: "deck-upload" },
      h("summary", { text: t("upload.title") }),
      h("p", { class: "help", text: t("upload.formats") }),
      h("div", { class: "field" }, h("label", { for: fileId, text: t("upload.file") }), file),
      h("div", { class: "field" }, h("label", { for: kindId, text: t("upload.kind") }), kind),
      error, done, report, button);
  }
}
