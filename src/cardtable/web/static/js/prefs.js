// prefs.js: display and sound settings kept on this device (high contrast, large text,
// reduced motion, speaking focused cards), applied as classes on <html>, and their dialog.

import { LanguagePicker } from "./language-picker.js";
import { load, save } from "./storage.js";

const NAMES = ["contrast", "large", "motion", "speakCards"];
const CLASSES = { contrast: "high-contrast", large: "large-text", motion: "reduce-motion" };

const prefs = { contrast: false, large: false, motion: false, speakCards: false, ...load("prefs", {}) };

/** Put this device's display settings on <html> as classes. */
export function applyPrefs() {
  for (const [name, cls] of Object.entries(CLASSES)) {
    document.documentElement.classList.toggle(cls, Boolean(prefs[name]));
  }
}

export function pref(name) {
  return Boolean(prefs[name]);
}

/** True when animations should not play: the setting here, or the system's preference. */
export function reducedMotion() {
  return pref("motion") || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function setupPrefs() {
  applyPrefs();
  const dialog = document.getElementById("prefs-dialog");
  const form = dialog.querySelector("form");
  document.getElementById("prefs-language").replaceWith(new LanguagePicker({ id: "prefs-language" }).element);
  document.getElementById("prefs-button").addEventListener("click", () => {
    for (const name of NAMES) form.elements[name].checked = pref(name);
    dialog.showModal();
  });
  form.addEventListener("change", () => {
    for (const name of NAMES) prefs[name] = form.elements[name].checked;
    save("prefs", prefs);
    applyPrefs();
  });
}
