// options-form.js: a game's settings as a form, built from the option metadata of
// GET /api/games (kind, label, help, group, choices, bounds): a preset picker, one fieldset per
// group, help text tied to each control (CAH's `decks` is a picker from the deck library).
// `value()` gives what the server takes: the preset plus only the options that differ from it.
// Also a plain-text summary for players who are not the host.

import { DeckPicker } from "./deck-picker.js";
import { h, uid } from "./dom.js";

/** "afterSubmit" -> "After submit", "officialHaikuFinale" -> "Official haiku finale". */
export function humanize(name) {
  const words = String(name).replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function presetLabel(name) {
  const known = { default: "Default", online: "CAH Online", official: "Official rules", digipen: "DigiPen Against Humanity" };
  return known[name] || humanize(name);
}

/** Every option's value under `preset`. */
export function presetValues(game, preset) {
  const values = {};
  for (const option of game.options) values[option.name] = option.default;
  return { ...values, ...(game.presets[preset] || {}) };
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function formatValue(option, value) {
  if (value === null || value === undefined) return "off";
  if (option.kind === "bool") return value ? "on" : "off";
  if (option.kind === "choice") return humanize(value);
  if (Array.isArray(value)) return value.length ? value.join(", ") : "none";
  return String(value);
}

function control(option, id, helpId) {
  const described = option.help ? helpId : null;
  switch (option.kind) {
    case "bool":
      return h("input", { type: "checkbox", id, name: option.name, "aria-describedby": described });
    case "int":
      return h("input", {
        type: "number", id, name: option.name, inputmode: "numeric",
        min: option.min, max: option.max, step: 1,
        placeholder: option.nullable ? "off" : null, "aria-describedby": described,
      });
    case "choice":
      return h("select", { id, name: option.name, "aria-describedby": described },
        option.choices.map((choice) => h("option", { value: choice, text: humanize(choice) })));
    case "multi":
      return h("div", { class: "multi", id, role: "group", "aria-describedby": described },
        option.choices.map((choice) => h("label", { class: "check" },
          h("input", { type: "checkbox", name: option.name, value: choice }), humanize(choice))));
    default:
      return h("textarea", { id, name: option.name, rows: 3, "aria-describedby": described,
        placeholder: "One per line" });
  }
}

export class OptionsForm {
  /** `game` is one entry of GET /api/games. */
  constructor(game) {
    this.game = game;
    this.controls = new Map();
    const presetId = uid("preset");
    this.preset = h("select", { id: presetId, name: "preset" },
      Object.keys(game.presets).map((name) => h("option", { value: name, text: presetLabel(name) })));
    this.preset.addEventListener("change", () => this.set(presetValues(game, this.preset.value)));
    const groups = new Map();
    for (const option of game.options) {
      if (!groups.has(option.group)) groups.set(option.group, []);
      groups.get(option.group).push(option);
    }
    const sections = [];
    for (const [group, options] of groups) {
      sections.push(h("details", { class: "option-group" },
        h("summary", {}, h("span", { class: "group-name", text: group }),
          h("span", { class: "group-count", text: `${options.length} settings` })),
        h("div", { class: "option-fields" }, options.map((option) => this.field(option)))));
    }
    this.element = h("div", { class: "options-form" },
      h("div", { class: "field" }, h("label", { for: presetId, text: "Rules preset" }), this.preset),
      sections);
    this.set(presetValues(game, this.preset.value));
  }

  field(option) {
    if (option.name === "decks" && option.kind === "strings") {
      const picker = new DeckPicker(option);
      this.controls.set(option.name, { option, widget: picker });
      return h("div", { class: "field" }, picker.element);
    }
    const id = uid(option.name);
    const helpId = `${id}-help`;
    const input = control(option, id, helpId);
    this.controls.set(option.name, { option, input });
    const help = option.help ? h("p", { class: "help", id: helpId, text: option.help }) : null;
    if (option.kind === "bool") {
      return h("div", { class: "field field-check" }, h("label", { class: "check", for: id }, input, option.label), help);
    }
    return h("div", { class: "field" }, h("label", { for: id, text: option.label }), input, help);
  }

  /** Show these option values (every option, plus "preset" when known). */
  set(values) {
    if (values.preset) this.preset.value = values.preset;
    for (const [name, { option, input, widget }] of this.controls) {
      const value = values[name];
      if (widget) widget.set(value);
      else if (option.kind === "bool") input.checked = Boolean(value);
      else if (option.kind === "int") input.value = value === null || value === undefined ? "" : value;
      else if (option.kind === "choice") input.value = value;
      else if (option.kind === "multi") {
        for (const box of input.querySelectorAll("input")) box.checked = (value || []).includes(box.value);
      } else input.value = (value || []).join("\n");
    }
  }

  read(name) {
    const { option, input, widget } = this.controls.get(name);
    if (widget) return widget.value();
    if (option.kind === "bool") return input.checked;
    if (option.kind === "int") return input.value === "" ? (option.nullable ? null : option.default) : Number(input.value);
    if (option.kind === "choice") return input.value;
    if (option.kind === "multi") return [...input.querySelectorAll("input:checked")].map((box) => box.value);
    return input.value.split("\n").map((line) => line.trim()).filter(Boolean);
  }

  /** The preset and the options that differ from it, as the server takes them. */
  value() {
    const preset = this.preset.value;
    const base = presetValues(this.game, preset);
    const out = { preset };
    for (const name of this.controls.keys()) {
      const value = this.read(name);
      if (!same(value, base[name])) out[name] = value;
    }
    return out;
  }

  set disabled(flag) {
    for (const el of this.element.querySelectorAll("input, select, textarea")) el.disabled = flag;
  }
}

/** The table's rules in words: the preset and every option that differs from it. `decks`
 *  (the table document's decks in play) names the decks instead of their ids. */
export function describeOptions(game, options, decks = []) {
  const deckNames = new Map(decks.map((deck) => [deck.id, deck.name]));
  const shown = (option) => (option.name === "decks" && Array.isArray(options.decks)
    ? formatValue(option, options.decks.map((id) => deckNames.get(id) || id))
    : formatValue(option, options[option.name]));
  const base = presetValues(game, options.preset);
  const changed = game.options.filter((option) => !same(options[option.name], base[option.name]));
  return h("div", { class: "rules-summary" },
    h("p", {}, "Rules: ", h("strong", { text: presetLabel(options.preset) }),
      changed.length ? ", with these changes:" : ", unchanged."),
    changed.length ? h("ul", {}, changed.map((option) => h("li", {},
      `${option.label}: `, h("strong", { text: shown(option) })))) : null);
}
