// options-form.js: a game's settings as a form, drawn from the option descriptors of
// GET /api/games (kind, label, help, group, section, choices and their labels, bounds): the
// presets first, each with the server's one line saying what it plays, then one collapsed
// section per `sections` entry ("House rules", "More settings"), its options under their group.
// A `seat` option names the seats by who holds them, so it is asked only where seats have
// names (the lobby); elsewhere it says so. CAH's `decks` is a picker from the deck library.
// `value()` gives what the server takes: the preset plus only the options that differ from it.
// Also a plain-text summary for players who are not the host.

import { DeckPicker } from "./deck-picker.js";
import { h, replace, uid } from "./dom.js";
import { formatList, formatNumber, t } from "./i18n.js";

/** "afterSubmit" -> "After submit", "officialHaikuFinale" -> "Official haiku finale". */
export function humanize(name) {
  const words = String(name).replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function presetLabel(game, name) {
  const note = (game.preset_notes || {})[name];
  return note ? note.label : humanize(name);
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

function choiceLabel(option, choice) {
  const index = option.choices.indexOf(choice);
  return option.choice_labels && index >= 0 ? option.choice_labels[index] : humanize(choice);
}

/** `seats`: the seats' names by number, where they are known. */
export function formatValue(option, value, seats = null) {
  if (value === null || value === undefined) return t("options.off");
  if (option.seat) return seatName(seats, value);
  if (option.kind === "bool") return value ? t("options.on") : t("options.off");
  if (option.kind === "choice") return choiceLabel(option, value);
  if (option.kind === "multi") return value.length ? formatList(value.map((v) => choiceLabel(option, v))) : t("options.none");
  if (Array.isArray(value)) return value.length ? formatList(value) : t("options.none");
  return typeof value === "number" ? formatNumber(value) : String(value);
}

function seatName(seats, seat) {
  return seats && seats[seat] ? seats[seat] : t("options.seatEmpty", { number: Number(seat) + 1 });
}

function control(option, id, helpId) {
  const described = option.help ? helpId : null;
  if (option.seat) return h("select", { id, name: option.name, "aria-describedby": described });
  switch (option.kind) {
    case "bool":
      return h("input", { type: "checkbox", id, name: option.name, "aria-describedby": described });
    case "int":
      return h("input", {
        type: "number", id, name: option.name, inputmode: "numeric",
        min: option.min, max: option.max, step: 1,
        placeholder: option.nullable ? t("options.off") : null, "aria-describedby": described,
      });
    case "choice":
      return h("select", { id, name: option.name, "aria-describedby": described },
        option.choices.map((choice) => h("option", { value: choice, text: choiceLabel(option, choice) })));
    case "multi":
      return h("div", { class: "multi", id, role: "group", "aria-describedby": described },
        option.choices.map((choice) => h("label", { class: "check" },
          h("input", { type: "checkbox", name: option.name, value: choice }), choiceLabel(option, choice))));
    default:
      return h("textarea", { id, name: option.name, rows: 3, "aria-describedby": described,
        placeholder: t("options.onePerLine") });
  }
}

/** A section's options past which each of its groups is folded too. */
const FOLD_GROUPS_FROM = 10;

function collapsed(title, count, fields, className) {
  return h("details", { class: className },
    h("summary", {}, h("span", { class: "group-name", text: title }),
      h("span", { class: "group-count", text: t("options.count", { count }) })),
    h("div", { class: "option-fields" }, fields));
}

export class OptionsForm {
  /** `game` is one entry of GET /api/games; `seats` the names of the seats a game started
   *  now would have (the lobby), or null where there are none yet (the create form). */
  constructor(game, { seats = null } = {}) {
    this.game = game;
    this.seats = seats;
    this.controls = new Map();
    const presetName = uid("preset");
    this.presets = Object.keys(game.presets).map((name) => {
      const note = (game.preset_notes || {})[name] || { label: humanize(name), summary: "" };
      const id = uid(`preset-${name}`);
      const radio = h("input", { type: "radio", id, name: presetName, value: name,
        "aria-describedby": note.summary ? `${id}-about` : null });
      radio.addEventListener("change", () => this.set(presetValues(game, name)));
      return { name, radio, element: h("label", { class: "preset-choice", for: id }, radio,
        h("span", { class: "preset-text" }, h("strong", { class: "preset-name", text: note.label }),
          note.summary ? h("span", { class: "preset-about", id: `${id}-about`, text: note.summary }) : null)) };
    });
    const sections = (game.sections || []).map((section) => {
      const options = game.options.filter((option) => option.section === section);
      const groups = new Map();
      for (const option of options) {
        if (!groups.has(option.group)) groups.set(option.group, []);
        groups.get(option.group).push(option);
      }
      const parts = [...groups].map(([group, members]) => {
        const fields = members.map((option) => this.field(option));
        if (group === section) return fields;
        // A long section folds each group of it too; a short one only heads them.
        return options.length > FOLD_GROUPS_FROM
          ? collapsed(group, members.length, fields, "option-group option-subgroup-folded")
          : h("fieldset", { class: "option-subgroup" }, h("legend", { text: group }), fields);
      });
      return collapsed(section, options.length, parts, "option-group");
    });
    this.element = h("div", { class: "options-form" },
      h("fieldset", { class: "preset-picker" }, h("legend", { text: t("lobby.rules") }),
        this.presets.map((preset) => preset.element)),
      sections);
    this.set(presetValues(game, this.presets[0].name));
    this.presets[0].radio.checked = true;
  }

  /** The preset chosen. */
  get preset() {
    return (this.presets.find((preset) => preset.radio.checked) || this.presets[0]).name;
  }

  field(option) {
    if (option.name === "decks" && option.kind === "strings") {
      const picker = new DeckPicker(option);
      this.controls.set(option.name, { option, widget: picker });
      return h("div", { class: "field" }, picker.element);
    }
    const id = uid(option.name);
    const helpId = `${id}-help`;
    if (option.seat && !this.seats) {
      // No seat has a name yet: the host picks in the lobby, once the players are in.
      return h("div", { class: "field" }, h("p", { class: "field-label", text: option.label }),
        h("p", { class: "help", text: `${option.help} ${t("options.seatLater")}` }));
    }
    const input = control(option, id, helpId);
    this.controls.set(option.name, { option, input });
    if (option.seat) this.fillSeats(option, input);
    const help = option.help ? h("p", { class: "help", id: helpId, text: option.help }) : null;
    if (option.kind === "bool") {
      return h("div", { class: "field field-check" }, h("label", { class: "check", for: id }, input, option.label), help);
    }
    return h("div", { class: "field" }, h("label", { for: id, text: option.label }), input, help);
  }

  /** A seat option's choices: each seat by its players' names (and the value it holds now,
   *  should that seat not be filled yet). */
  fillSeats(option, input, value = input.value) {
    const count = Math.min(option.max + 1, Math.max(this.seats.length, Number(value || 0) + 1));
    replace(input, Array.from({ length: count }, (_, seat) =>
      h("option", { value: String(seat), text: seatName(this.seats, seat) })));
    input.value = String(value || 0);
  }

  /** The lobby's seats changed (someone joined or left): name them again. */
  setSeats(seats) {
    this.seats = seats;
    for (const { option, input } of this.controls.values()) if (option.seat) this.fillSeats(option, input);
  }

  /** Show these option values (every option, plus "preset" when known). */
  set(values) {
    if (values.preset) for (const preset of this.presets) preset.radio.checked = preset.name === values.preset;
    for (const [name, { option, input, widget }] of this.controls) {
      const value = values[name];
      if (widget) widget.set(value);
      else if (option.seat) this.fillSeats(option, input, value);
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
    const preset = this.preset;
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
 *  (the table document's decks in play) names the decks instead of their ids; `seats` names
 *  the seats. */
export function describeOptions(game, options, decks = [], seats = null) {
  const deckNames = new Map(decks.map((deck) => [deck.id, deck.name]));
  const shown = (option) => (option.name === "decks" && Array.isArray(options.decks)
    ? formatValue(option, options.decks.map((id) => deckNames.get(id) || id))
    : formatValue(option, options[option.name], seats));
  const base = presetValues(game, options.preset);
  const changed = game.options.filter((option) => !same(options[option.name], base[option.name]));
  return h("div", { class: "rules-summary" },
    h("p", {}, t("options.summary"), " ", h("strong", { text: presetLabel(game, options.preset) }),
      changed.length ? t("options.changed") : t("options.unchanged")),
    changed.length ? h("ul", {}, changed.map((option) => h("li", {},
      t("options.field", { label: option.label }), " ", h("strong", { text: shown(option) })))) : null);
}
