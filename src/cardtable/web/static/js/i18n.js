// i18n.js: the site's languages. Chooses one (this browser's stored choice, else the best
// match of the browser's languages, else English), loads its catalogues (locales/<lang>/app.json
// for the site, games.json for the games) and turns keys into sentences with t().
//
// A catalogue is a flat JSON object: key -> string, or an object of plural forms keyed by the
// categories of Intl.PluralRules ("one", "other", ...), chosen by vars.count; as in ICU, an
// exact form ("=0") wins over the category (CLDR puts Portuguese 0 in "one", yet Brazilian
// Portuguese says "0 pontos", not "0 ponto"). "{name}" in a string is filled from vars;
// numbers are written the language's way. A key no catalogue has comes back as itself (or in
// English, when only English has it) and is recorded in window.__missingKeys (the browser
// tests check it stays empty).

import { load, save } from "./storage.js";

export const SUPPORTED = ["en", "de", "es", "pt-BR"];

/** Each language's name for itself, for the picker. */
export const LANGUAGE_NAMES = {
  en: "English",
  de: "Deutsch",
  es: "Español",
  "pt-BR": "Português (Brasil)",
};

const FALLBACK = "en";
const FILES = ["app", "games"];

let current = FALLBACK;
let strings = {};
let fallback = {};
let plurals = new Intl.PluralRules(FALLBACK);
let numbers = new Intl.NumberFormat(FALLBACK);

window.__missingKeys = window.__missingKeys || [];

/** The supported language that best answers a list of wanted ones (BCP 47 tags), or null. */
function bestMatch(wanted) {
  const lower = SUPPORTED.map((code) => code.toLowerCase());
  for (const tag of wanted) {
    const index = lower.indexOf(String(tag).toLowerCase());
    if (index >= 0) return SUPPORTED[index];
  }
  for (const tag of wanted) {
    const primary = String(tag).toLowerCase().split("-")[0];
    const index = lower.findIndex((code) => code.split("-")[0] === primary);
    if (index >= 0) return SUPPORTED[index];
  }
  return null;
}

function chosen() {
  const stored = load("lang");
  if (SUPPORTED.includes(stored)) return stored;
  const wanted = navigator.languages?.length ? navigator.languages : [navigator.language];
  return bestMatch(wanted.filter(Boolean)) || FALLBACK;
}

async function fetchCatalogue(lang, file) {
  const response = await fetch(new URL(`../locales/${lang}/${file}.json`, import.meta.url));
  if (!response.ok) throw new Error(`${lang}/${file}.json: HTTP ${response.status}`);
  return response.json();
}

async function fetchLanguage(lang) {
  const parts = await Promise.all(FILES.map((file) => fetchCatalogue(lang, file)));
  return Object.assign({}, ...parts);
}

/** Choose the language, load its catalogues (and English beside them, at once) and mark the
 * page with it. main.js awaits this before drawing the first screen. */
export async function loadLanguage() {
  const lang = chosen();
  const [own, english] = await Promise.all([
    fetchLanguage(lang).catch(() => null),
    lang === FALLBACK ? null : fetchLanguage(FALLBACK).catch(() => ({})),
  ]);
  current = own ? lang : FALLBACK;
  fallback = english || {};
  strings = own || fallback;
  plurals = new Intl.PluralRules(current);
  numbers = new Intl.NumberFormat(current);
  document.documentElement.lang = current;
  return current;
}

export function language() {
  return current;
}

/** Remember `code` as this browser's language and load the page again in it. */
export function setLanguage(code) {
  if (!SUPPORTED.includes(code)) return;
  save("lang", code);
  location.reload();
}

export function formatNumber(n) {
  return numbers.format(n);
}

/** "a, b and c" in the current language. */
export function formatList(items) {
  return new Intl.ListFormat(current, { style: "long", type: "conjunction" }).format(
    items.map(String),
  );
}

/** Whether a catalogue (or the English one behind it) has `key`. */
export function has(key) {
  return Object.hasOwn(strings, key) || Object.hasOwn(fallback, key);
}

function fill(text, vars) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in vars)) return whole;
    const value = vars[name];
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}

/** The sentence for `key` in the current language, `{name}` filled from `vars`; a plural
 * entry picks its form by `vars.count`: an exact form ("=0") if it has one, else its category. */
export function t(key, vars = {}) {
  let entry = Object.hasOwn(strings, key) ? strings[key] : undefined;
  if (entry === undefined) {
    // Never meant to happen: the catalogue tests require every language to have every key.
    window.__missingKeys.push(key);
    if (!Object.hasOwn(fallback, key)) return key;
    entry = fallback[key];
  }
  if (typeof entry === "object" && entry !== null) {
    const count = Number(vars.count ?? 0);
    entry = entry[`=${count}`] ?? entry[plurals.select(count)] ?? entry.other;
  }
  return fill(String(entry), vars);
}

/** Fill `data-i18n="key"` elements' text and `data-i18n-attr="attr:key;attr:key"` elements'
 * attributes under `root`. */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of element.dataset.i18nAttr.split(";")) {
      const [attribute, key] = pair.split(":").map((part) => part.trim());
      if (attribute && key) element.setAttribute(attribute, t(key));
    }
  }
}
