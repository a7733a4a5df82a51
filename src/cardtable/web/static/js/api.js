// api.js: the HTTP API (games, public tables, create, join, history, reports, the deck
// library, the leaderboard). Every failure becomes an ApiError carrying the server's stable
// error code, its status and, as its message, the sentence error-text.js makes of it. An
// answer without the server's own error (a proxy in front of the site may answer by itself)
// gets the code `http-<status>`.

import { errorText } from "./error-text.js";
import { localizeGames } from "./games/option-words.js";

export class ApiError extends Error {
  /** `detail`: the server's error body; for a deck file it names the problem, its params and
   *  the line or field (`where`, `at`), which the message says. */
  constructor(code, status = 0, detail = {}) {
    super(errorText({ ...detail, code, status }));
    this.code = code;
    this.status = status;
    this.where = detail.where || "";
  }
}

/** `token`: a member's token, sent as `Authorization: Bearer` (reads of a table). */
async function call(method, path, body, raw = null, token = null) {
  let response;
  try {
    const headers = body ? { "content-type": "application/json" } : raw ? { "content-type": "application/octet-stream" } : {};
    if (token) headers.authorization = `Bearer ${token}`;
    response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : raw || undefined });
  } catch {
    throw new ApiError("offline");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data && data.error;
    throw new ApiError(error ? error.code : "http-" + response.status, response.status, error || {});
  }
  return data;
}

const enc = encodeURIComponent;

/** A table's whole public history, read page by page with the member's token. */
async function history(code, token) {
  const whole = await call("GET", `/api/tables/${enc(code)}/history`, null, null, token);
  while (whole.next !== null) {
    const page = await call("GET", `/api/tables/${enc(code)}/history?after=${whole.next}`, null, null, token);
    whole.steps.push(...page.steps);
    Object.assign(whole, { status: page.status, results: page.results, next: page.next });
  }
  return whole;
}

export const api = {
  /** The games, their settings' words in the page's language (games/option-words.js). */
  games: () => call("GET", "/api/games").then(localizeGames),
  /** The table's own number settings as a form draws them (name, bounds, label, help). */
  tableSettings: () => call("GET", "/api/table-settings"),
  publicTables: () => call("GET", "/api/tables"),
  /** `token`: the member's own, for a table that shows nothing to others. */
  table: (code, token = null) => call("GET", `/api/tables/${enc(code)}`, null, null, token),
  history,
  create: (body) => call("POST", "/api/tables", body),
  join: (code, body) => call("POST", `/api/tables/${enc(code)}/join`, body),
  report: (body) => call("POST", "/api/reports", body),
  decks: () => call("GET", "/api/decks"),
  /** `file` (a File or Blob) is sent as the raw body; the server picks the importer. */
  uploadDeck: (file, query) => call("POST", `/api/decks?${new URLSearchParams(query)}`, null, file),
  /** `game`: a game id, or "" for every game. */
  leaderboard: (game, period) => call("GET", `/api/leaderboard?${new URLSearchParams({ period, ...(game ? { game } : {}) })}`),
};
