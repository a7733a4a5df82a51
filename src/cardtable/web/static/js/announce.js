// announce.js: what screen readers hear. Two live regions in index.html: polite for news
// (submitted, chat), assertive for what needs you now (your turn, the winner). Sentences said
// in the same moment are read together, so none of them is lost.

const DELAY = 80;
const pending = { polite: [], assertive: [] };
const timers = { polite: null, assertive: null };

export function announce(text, { urgent = false } = {}) {
  const kind = urgent ? "assertive" : "polite";
  const region = document.getElementById(`live-${kind}`);
  if (!region || !text) return;
  pending[kind].push(text);
  if (timers[kind]) return;
  // Clearing first makes the same sentence heard again when it repeats.
  region.textContent = "";
  timers[kind] = setTimeout(() => {
    region.textContent = pending[kind].join(" ");
    pending[kind] = [];
    timers[kind] = null;
  }, DELAY);
}
