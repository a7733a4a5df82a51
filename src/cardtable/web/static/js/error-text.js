// error-text.js: a refusal from the server (an error code over HTTP or the WebSocket) as a
// sentence for people, in the page's language. The server's own message is for logs and
// developers; the page never shows it. Lookup order: the sentence for the code where it
// happened (`error.<code>.<context>`: a wrong code when joining), the game's own rule refusal
// (`game.<id>.error.<code>`), the table's (`error.<code>`), then a general sentence. A refused
// deck file (`bad-deck`) is said by its own problem and place (deck-problem.js).

import { placedProblem, placeText } from "./deck-problem.js";
import { has, t } from "./i18n.js";

/** `error`: {code, status?, where?; a refused deck file adds problem, params, at}; `gameId`: the
 *  game whose action was refused, if one was; `context`: where it happened ("join", "create"),
 *  for a sentence that says what to do there. */
export function errorText(error, { gameId = null, context = null } = {}) {
  if (!error || !error.code) return t("error.unknown");
  const code = error.status === 429 ? "rate-limited" : error.code;
  if (context && has(`error.${code}.${context}`)) return t(`error.${code}.${context}`);
  if (gameId && has(`game.${gameId}.error.${code}`)) return t(`game.${gameId}.error.${code}`);
  if (code === "bad-deck") {
    const said = placedProblem({ code: error.problem, params: error.params, at: error.at });
    if (said) return said;
    if (error.where) return t("error.bad-deck.where", { where: placeText(error.at) || error.where });
  }
  if (has(`error.${code}`)) return t(`error.${code}`);
  if (code.startsWith("http-")) return t("error.http", { status: code.slice(5) });
  return t(gameId ? "error.illegal" : "error.unknown");
}
