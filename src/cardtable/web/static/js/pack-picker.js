// pack-picker.js: the CAH `packs` option (keep only the cards of these packs) as a choice from
// the packs of the chosen decks (GET /api/decks/{id}/packs): one checkbox per pack with its card
// counts, official or third-party mark and content rating, grouped by deck, a search box, and a
// live count of what is chosen. No pack chosen means every card of the chosen decks. A pack name
// in the option that no chosen deck has is listed too, so it can be taken out.
// Same interface as a form control: element, value(), set(names); `decks(list)` says which decks
// are chosen; `onChange(names)` hears the host's choices before their `change` event bubbles.

import { h, replace, uid } from "./dom.js";
import { errorText } from "./error-text.js";
import { formatList, formatNumber, t } from "./i18n.js";

/** Each deck's packs, fetched once per page. (api.js has no call for them yet.) */
const packLists = new Map();

async function fetchPacks(deckId) {
  const response = await fetch(`/api/decks/${encodeURIComponent(deckId)}/packs`);
  if (!response.ok) throw new Error(errorText({ code: `http-${response.status}` }));
  return response.json();
}

function loadPacks(deckId) {
  if (!packLists.has(deckId)) {
    packLists.set(deckId, fetchPacks(deckId).catch((error) => {
      packLists.delete(deckId);
      throw error;
    }));
  }
  return packLists.get(deckId);
}

/** One line about a pack: counts, official or not, ratings. */
export function packFacts(pack) {
  const facts = [t("decks.counts", { black: pack.calls, white: pack.responses })];
  facts.push(pack.official ? t("packs.official") : t("packs.thirdParty"));
  const ratings = pack.ratings.filter((rating) => rating !== "unrated");
  if (ratings.length) facts.push(t("decks.rated", { ratings: formatList(ratings) }));
  return facts.join(" · ");
}

export class PackPicker {
  constructor({ onChange = () => {} } = {}) {
    this.onChange = onChange;
    this.chosen = new Set();
    this.shown = [];       // [{deck, packs}] of the chosen decks, once loaded
    this.boxes = new Map(); // pack name -> its checkboxes (a name may be in several decks)
    this.generation = 0;
    this.deckIds = null;
    const searchId = uid("pack-search");
    this.search = h("input", { id: searchId, type: "search", autocomplete: "off", placeholder: t("packs.searchPlaceholder") });
    this.search.addEventListener("input", () => this.applySearch());
    this.groups = h("div", { class: "pack-groups" });
    this.count = h("p", { class: "help pack-count", role: "status" });
    this.note = h("p", { class: "help pack-note" });
    this.noMatch = h("p", { class: "muted", text: t("packs.noMatch"), hidden: true });
    const chooseShown = h("button", { type: "button", class: "secondary small", text: t("packs.chooseShown") });
    chooseShown.addEventListener("click", () => this.choose(this.visibleNames(), true));
    const clear = h("button", { type: "button", class: "secondary small", text: t("packs.playEvery") });
    clear.addEventListener("click", () => this.choose([...this.chosen], false));
    this.element = h("fieldset", { class: "pack-picker", hidden: true },
      h("legend", { text: t("packs.title") }),
      h("p", { class: "help", text: t("packs.help") }),
      h("div", { class: "field pack-search" }, h("label", { for: searchId, text: t("packs.search") }), this.search),
      h("div", { class: "pack-actions" }, chooseShown, clear),
      this.count, this.note, this.noMatch, this.groups);
  }

  value() {
    return [...this.chosen];
  }

  /** Show these packs as chosen; checkboxes are kept (and focus with them) where they can be. */
  set(names) {
    const chosen = new Set(names || []);
    if (chosen.size === this.chosen.size && [...chosen].every((name) => this.chosen.has(name))) return;
    const strays = (set) => [...set].filter((name) => !this.boxes.has(name)).sort().join("\n");
    const rebuild = strays(chosen) !== strays(this.chosen);
    this.chosen = chosen;
    if (rebuild) {
      this.render();
      return;
    }
    for (const [name, boxes] of this.boxes) for (const box of boxes) box.checked = chosen.has(name);
    this.countChosen();
  }

  /** The chosen decks ({id, name}) changed: list their packs. */
  async decks(decks) {
    const ids = decks.map((deck) => deck.id).join("\n");
    if (ids === this.deckIds) return;
    this.deckIds = ids;
    const generation = ++this.generation;
    const loaded = await Promise.all(decks.map((deck) => loadPacks(deck.id).then(
      (packs) => ({ deck, packs }), () => ({ deck, packs: null }))));
    if (generation !== this.generation) return;
    this.shown = loaded;
    this.render();
  }

  /** The pack names known only to the decks that are not chosen any more: out of the choice. */
  forget(deckIds) {
    const kept = new Set(this.shown.filter(({ deck }) => !deckIds.includes(deck.id))
      .flatMap(({ packs }) => (packs || []).map((pack) => pack.name)));
    const dropped = this.shown.filter(({ deck }) => deckIds.includes(deck.id))
      .flatMap(({ packs }) => (packs || []).map((pack) => pack.name))
      .filter((name) => this.chosen.has(name) && !kept.has(name));
    if (!dropped.length) return;
    for (const name of dropped) this.chosen.delete(name);
    this.onChange(this.value());
  }

  render() {
    this.boxes = new Map();
    const named = this.shown.flatMap(({ packs }) => (packs || []).filter((pack) => pack.name !== null));
    const known = new Set(named.map((pack) => pack.name));
    const strays = [...this.chosen].filter((name) => !known.has(name));
    this.element.hidden = named.length < 2 && !strays.length && !this.chosen.size;
    replace(this.groups,
      this.shown.filter(({ packs }) => packs === null || packs.some((pack) => pack.name !== null))
        .map(({ deck, packs }) => this.group(packs ? `${deck.name} · ${t("packs.count", { count: packs.filter((pack) => pack.name !== null).length })}` : deck.name, packs)),
      strays.length ? this.group(t("packs.strays"), strays.map((name) => ({ name, stray: true }))) : null);
    this.applySearch();
    this.countChosen();
  }

  group(title, packs) {
    const headingId = uid("pack-group");
    const header = h("h4", { id: headingId, class: "pack-group-title", text: title });
    if (packs === null) return h("div", { class: "pack-group" }, header, h("p", { class: "form-error", text: t("packs.failed") }));
    const items = packs.filter((pack) => pack.name !== null).map((pack) => this.item(pack));
    const loose = packs.find((pack) => pack.name === null);
    return h("div", { class: "pack-group" }, header,
      h("ul", { class: "pack-list", "aria-labelledby": headingId }, items),
      loose ? h("p", { class: "help", text: t("packs.loose", { count: loose.calls + loose.responses }) }) : null);
  }

  item(pack) {
    const id = uid("pack");
    const box = h("input", { type: "checkbox", id, value: pack.name, checked: this.chosen.has(pack.name),
      "aria-describedby": `${id}-facts` });
    box.addEventListener("change", () => {
      this.mark(pack.name, box.checked);
      this.onChange(this.value()); // before the change event reaches the form
    });
    if (!this.boxes.has(pack.name)) this.boxes.set(pack.name, []);
    this.boxes.get(pack.name).push(box);
    const facts = pack.stray ? t("packs.stray") : packFacts(pack);
    return h("li", { class: `pack-item${pack.official ? " official" : ""}` },
      h("label", { class: "check", for: id }, box, h("span", { class: "pack-name", text: pack.name })),
      h("span", { class: "help pack-facts", id: `${id}-facts`, text: facts }));
  }

  /** Choose or unchoose a pack everywhere it is listed. */
  mark(name, on) {
    if (on) this.chosen.add(name);
    else this.chosen.delete(name);
    for (const box of this.boxes.get(name) || []) box.checked = on;
    this.countChosen();
  }

  /** The host chose (or unchose) several packs at once: as one change. */
  choose(names, on) {
    if (!names.length) return;
    for (const name of names) this.mark(name, on);
    this.onChange(this.value());
    this.element.dispatchEvent(new Event("change", { bubbles: true }));
  }

  visibleNames() {
    return [...this.groups.querySelectorAll(".pack-item:not([hidden]) input")].map((box) => box.value);
  }

  applySearch() {
    const words = this.search.value.trim().toLowerCase();
    let shown = 0;
    for (const item of this.groups.querySelectorAll(".pack-item")) {
      item.hidden = Boolean(words) && !item.querySelector(".pack-name").textContent.toLowerCase().includes(words);
      if (!item.hidden) shown += 1;
    }
    for (const group of this.groups.querySelectorAll(".pack-group")) {
      group.hidden = Boolean(words) && !group.querySelector(".pack-item:not([hidden])");
    }
    this.noMatch.hidden = !words || shown > 0;
  }

  countChosen() {
    const all = this.shown.flatMap(({ packs }) => (packs || []).filter((pack) => pack.name !== null));
    const names = new Set(all.map((pack) => pack.name));
    if (!this.chosen.size) {
      this.count.textContent = t("packs.noneChosen", { packs: t("packs.count", { count: names.size }) });
      this.note.textContent = "";
      return;
    }
    const picked = all.filter((pack) => this.chosen.has(pack.name));
    const calls = picked.reduce((sum, pack) => sum + pack.calls, 0);
    const responses = picked.reduce((sum, pack) => sum + pack.responses, 0);
    this.count.textContent = t("packs.chosen", { chosen: formatNumber(this.chosen.size), packs: t("packs.count", { count: names.size }),
      black: t("decks.blackCards", { count: calls }), white: t("decks.whiteCards", { count: responses }) });
    const left = this.shown.filter(({ packs }) => packs && !packs.some((pack) => this.chosen.has(pack.name)))
      .map(({ deck }) => `“${deck.name}”`);
    this.note.textContent = left.length ? t("packs.unused", { decks: formatList(left), count: left.length }) : "";
  }
}
