// card-grid.js: a grid of cards you can pick from with the mouse, touch or keyboard alone.
// One Tab stop for the whole grid; arrow keys, Home and End move between cards; Space (or a
// click) selects, in order when the order matters; Enter confirms; R reads the card aloud.
// Cards are toggle buttons (aria-pressed) whose pick order is shown and spoken.

import { announce } from "./announce.js";
import { h, setText, syncList } from "./dom.js";
import { t } from "./i18n.js";
import { speakerIcon } from "./icons.js";
import { pref } from "./prefs.js";
import { canSpeak, speak } from "./speech.js";

const ORDINALS = ["first", "second", "third", "fourth", "fifth"];

export class CardGrid {
  /** `onConfirm()` runs on Enter; `onChange()` after the selection changes. */
  constructor({ label, className = "", onConfirm = () => {}, onChange = () => {} }) {
    this.onConfirm = onConfirm;
    this.onChange = onChange;
    this.items = [];
    this.selected = [];
    this.mode = null;
    this.focusKey = null;
    this.element = h("ul", { class: `card-grid ${className}`, "aria-label": label });
    this.element.addEventListener("keydown", (event) => this.keydown(event));
  }

  /** `options`: key(item), fill(button, item), speech(item), disabled(item),
   *  mode: null (cards can be read, not selected) or { max, ordered }. */
  update(items, options) {
    this.items = items;
    this.options = options;
    const keys = new Set(items.map((item) => String(options.key(item))));
    const before = this.selected.length;
    this.selected = this.selected.filter((key) => keys.has(key) && !this.isDisabled(key));
    if (!sameMode(this.mode, options.mode)) this.selected = [];
    this.mode = options.mode;
    if (!keys.has(this.focusKey)) this.focusKey = items.length ? String(options.key(items[0])) : null;
    syncList(this.element, items, (item) => options.key(item), (item) => this.tile(item), (tile, item) => this.refresh(tile, item));
    if (before !== this.selected.length) this.onChange();
  }

  tile(item) {
    const key = String(this.options.key(item));
    const button = h("button", { type: "button", class: "card white-card" },
      h("span", { class: "card-body" }),
      h("span", { class: "card-order", "aria-hidden": "true" }),
      h("span", { class: "visually-hidden card-order-text" }));
    button.addEventListener("click", () => {
      this.focusKey = key;
      this.toggle(key);
    });
    button.addEventListener("focus", () => {
      this.focusKey = key;
      this.roving();
      if (pref("speakCards")) speak(this.speechOf(key));
    });
    const speakButton = canSpeak()
      ? h("button", { type: "button", class: "speak-button", tabindex: -1, "aria-hidden": "true", title: t("cards.readAloud"),
        onclick: () => speak(this.speechOf(key)) }, speakerIcon())
      : null;
    return h("li", { class: "card-tile" }, button, speakButton);
  }

  refresh(tile, item) {
    const key = String(this.options.key(item));
    const button = tile.firstElementChild;
    this.options.fill(button.querySelector(".card-body"), item);
    const selectable = Boolean(this.mode);
    const disabled = this.isDisabled(key);
    const position = this.selected.indexOf(key);
    button.classList.toggle("selectable", selectable && !disabled);
    button.classList.toggle("is-disabled", disabled);
    button.setAttribute("aria-disabled", disabled ? "true" : "false");
    if (selectable) button.setAttribute("aria-pressed", position >= 0 ? "true" : "false");
    else button.removeAttribute("aria-pressed");
    const ordered = selectable && this.mode.ordered && this.mode.max > 1 && position >= 0;
    setText(button.querySelector(".card-order"), ordered ? String(position + 1) : position >= 0 ? "✓" : "");
    setText(button.querySelector(".card-order-text"), ordered ? `, ${ORDINALS[position] || position + 1}` : "");
    button.tabIndex = key === this.focusKey ? 0 : -1;
  }

  isDisabled(key) {
    const item = this.items.find((it) => String(this.options.key(it)) === key);
    return Boolean(item && this.options.disabled && this.options.disabled(item));
  }

  speechOf(key) {
    const item = this.items.find((it) => String(this.options.key(it)) === key);
    return item ? this.options.speech(item) : "";
  }

  redraw() {
    for (const tile of this.element.children) {
      const item = this.items.find((it) => String(this.options.key(it)) === tile.dataset.key);
      if (item) this.refresh(tile, item);
    }
  }

  roving() {
    for (const tile of this.element.children) tile.firstElementChild.tabIndex = tile.dataset.key === this.focusKey ? 0 : -1;
  }

  toggle(key) {
    if (!this.mode || this.isDisabled(key)) return;
    const at = this.selected.indexOf(key);
    if (at >= 0) this.selected.splice(at, 1);
    else if (this.mode.max === 1) this.selected = [key];
    else if (this.selected.length >= this.mode.max) {
      announce(t("cards.tooMany", { count: this.mode.max }));
      return;
    } else this.selected.push(key);
    this.redraw();
    this.onChange();
  }

  /** Number-key shortcut: toggle the card at `index` (0-based) and move focus to it. */
  toggleIndex(index) {
    const item = this.items[index];
    if (!item) return;
    const key = String(this.options.key(item));
    this.focusKey = key;
    this.focus();
    this.toggle(key);
  }

  clear() {
    this.selected = [];
    this.redraw();
    this.onChange();
  }

  focus() {
    const tile = [...this.element.children].find((t) => t.dataset.key === this.focusKey) || this.element.firstElementChild;
    if (tile) tile.firstElementChild.focus();
  }

  /** Arrow keys move by one card, or by one row up and down; a row is measured on screen. */
  keydown(event) {
    const tiles = [...this.element.children];
    const at = tiles.findIndex((t) => t.dataset.key === this.focusKey);
    if (at < 0) return;
    const top = tiles[0].offsetTop;
    const perRow = Math.max(1, tiles.filter((t) => t.offsetTop === top).length);
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: perRow, ArrowUp: -perRow, Home: -at, End: tiles.length - 1 - at };
    if (event.key in moves) {
      event.preventDefault();
      const next = Math.min(tiles.length - 1, Math.max(0, at + moves[event.key]));
      this.focusKey = tiles[next].dataset.key;
      this.roving();
      tiles[next].firstElementChild.focus();
    } else if (event.key === " ") {
      event.preventDefault();
      this.toggle(this.focusKey);
    } else if (event.key === "Enter") {
      event.preventDefault();
      this.onConfirm();
    } else if ((event.key === "r" || event.key === "R") && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      speak(this.speechOf(this.focusKey));
    }
  }
}

function sameMode(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
