// games/cah/cards.js: the words of CAH cards: a black card read with its answers in the
// blanks (K9: in the order they were played), as DOM or as one sentence for speech and
// screen readers, and the labels of a black card (PICK 2, DRAW 2). Card texts are the deck's own.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";

const BLANK = /_+/g;

/** Parts of a black card with `fills` in its blanks: [{text, fill}], extra answers after it. */
export function blackParts(blackText, fills = []) {
  const parts = [];
  let at = 0;
  let used = 0;
  for (const match of blackText.matchAll(BLANK)) {
    parts.push({ text: blackText.slice(at, match.index), fill: false });
    const after = blackText.charAt(match.index + match[0].length);
    if (used < fills.length) {
      let text = fills[used++];
      if (/[.!?,;:]/.test(after)) text = text.replace(/[.!]$/, "");
      parts.push({ text, fill: true });
    } else {
      parts.push({ text: "", fill: false, blank: true });
    }
    at = match.index + match[0].length;
  }
  parts.push({ text: blackText.slice(at), fill: false });
  for (const extra of fills.slice(used)) {
    parts.push({ text: " ", fill: false });
    parts.push({ text: extra, fill: true });
  }
  return parts.filter((part) => part.text !== "" || part.blank);
}

/** The black card as elements: answers in <strong>, an empty blank as a line read as "blank". */
export function blackNodes(blackText, fills) {
  return blackParts(blackText, fills).map((part) => {
    if (part.fill) return h("strong", { class: "fill", text: part.text });
    if (part.blank) return h("span", { class: "blank" }, h("span", { class: "visually-hidden", text: t("game.cah.card.blank") }));
    return part.text;
  });
}

/** One sentence, for speech and live regions. */
export function blackSentence(blackText, fills = []) {
  return blackParts(blackText, fills).map((part) => (part.blank ? t("game.cah.card.blank") : part.text)).join("").replace(/\s+/g, " ").trim();
}

export function whiteText(card) {
  return card.blank && !card.text ? t("game.cah.card.blank-card") : card.text;
}

/** "Draw 2, Pick 3": the draw only when the table plays it (the honorDrawN option). */
export function pickLabel(black, withDraw) {
  const parts = [];
  if (black.draw && withDraw) parts.push(t("game.cah.card.draw", { count: black.draw }));
  if (black.pick > 1) parts.push(t("game.cah.card.pick", { count: black.pick }));
  return parts.join(", ");
}
