// speech.js: reads a card aloud with the browser's own speech synthesis.

export function canSpeak() {
  return "speechSynthesis" in window && typeof SpeechSynthesisUtterance === "function";
}

export function speak(text) {
  if (!canSpeak() || !text) return;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(new SpeechSynthesisUtterance(text));
}
