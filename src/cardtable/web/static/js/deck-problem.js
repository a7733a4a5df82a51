// deck-problem.js: a deck file's problem (a note of an upload's import report, or the reason an
// upload was refused) in the page's language. The server names it by a stable code with the
// values its sentence needs (decks/errors.py `Problem`: `code`, `params`) and says where it is
// as `at`: {line: 12} or {field: "calls[3].pick"}, or null for the whole file.

import { has, t } from "./i18n.js";

/** "Line 12" or "Field calls[3].pick" in the page's language; "" for the whole file. */
export function placeText(at) {
  if (!at) return "";
  return at.line !== undefined ? t("deck.at.line", { line: at.line }) : t("deck.at.field", { field: at.field });
}

/** The sentence for a problem's `code`, filled from its `params`; null when the catalogue has
 *  none (a report kept from before problems had codes: its English message is all there is). */
export function problemText(code, params) {
  const key = `deck.problem.${code}`;
  return code && has(key) ? t(key, params || {}) : null;
}

/** The problem with its place, as one line ("Line 3: This is not valid CSV."), or null. */
export function placedProblem({ code, params, at }) {
  const sentence = problemText(code, params);
  if (sentence === null) return null;
  const place = placeText(at);
  return place ? `${place}: ${sentence}` : sentence;
}
