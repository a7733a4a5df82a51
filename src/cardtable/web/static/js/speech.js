// speech.js: reads a card aloud with the browser's own speech synthesis, in the page's language.

import { language } from "./i18n.js";

export function canSpeak() {
  return "speechSynthesis" in window && typeof SpeechSynthesisUtterance === "function";
}

export function speak(text) {
  if (!canSpeak() || !text) return;
  window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = language();
  window.speechSynthesis.speak(utterance);
}
