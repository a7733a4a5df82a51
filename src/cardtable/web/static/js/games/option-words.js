// games/option-words.js: a game's settings in the chosen language. GET /api/games describes each
// game's options, presets and groups in the server's English; `localizeGames` gives the list back
// with those words taken from the games' catalogue (keys "game.<id>.option.<name>.label",
// ".help", ".choice.<value>", "game.<id>.preset.<name>.label", ".note", "game.<id>.group.<slug>",
// "game.<id>.summary",
// and the two sections "game.common.section.*"), the server's English where a key is missing
// (a game added without its words still reads).

import { has, t } from "../i18n.js";

/** `key` in the catalogue, else `english`. */
function word(key, english) {
  return has(key) ? t(key) : english;
}

/** "How it ends" -> "how-it-ends". */
const slug = (text) => String(text).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

const SECTIONS = { "House rules": "game.common.section.house-rules", "More settings": "game.common.section.more-settings" };

/** A section's or group's name: a group named like a section reads like it. */
function groupName(gameId, name) {
  return SECTIONS[name] ? word(SECTIONS[name], name) : word(`game.${gameId}.group.${slug(name)}`, name);
}

/** One option descriptor with its words in the chosen language. */
export function optionWords(gameId, option) {
  const key = `game.${gameId}.option.${option.name}`;
  const out = { ...option, label: word(`${key}.label`, option.label), help: option.help ? word(`${key}.help`, option.help) : option.help };
  if (option.group) out.group = groupName(gameId, option.group);
  if (option.section) out.section = groupName(gameId, option.section);
  if (option.choices) out.choice_labels = option.choices.map((choice, i) => word(`${key}.choice.${choice}`, (option.choice_labels || option.choices)[i]));
  return out;
}

/** One game of GET /api/games with its settings' words in the chosen language. */
export function localizeGame(game) {
  const notes = {};
  for (const [name, note] of Object.entries(game.preset_notes || {})) {
    const key = `game.${game.id}.preset.${name}`;
    notes[name] = { label: word(`${key}.label`, note.label), summary: note.summary ? word(`${key}.note`, note.summary) : note.summary };
  }
  return {
    ...game,
    summary: game.summary ? word(`game.${game.id}.summary`, game.summary) : game.summary,
    options: (game.options || []).map((option) => optionWords(game.id, option)),
    sections: (game.sections || []).map((section) => groupName(game.id, section)),
    preset_notes: notes,
  };
}

export function localizeGames(games) {
  return games.map(localizeGame);
}
