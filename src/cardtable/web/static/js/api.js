// api.js: the HTTP API (games, public tables, create, join, history, reports, the deck
// library, the leaderboard). Every failure becomes an ApiError carrying the server's stable
// error code and message.

export class ApiError extends Error {
  /** `where`: the line or field the server names, for errors about a file (a deck). */
  constructor(code, message, status = 0, where = "") {
    super(message);
    this.code = code;
    this.status = status;
    this.where = where;
  }
}

async function call(method, path, body, raw = null) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "content-type": "application/json" } : raw ? { "content-type": "application/octet-stream" } : {},
      body: body ? JSON.stringify(body) : raw || undefined,
    });
  } catch {
    throw new ApiError("offline", "The server cannot be reached. Check your connection.");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data && data.error;
    throw new ApiError(
      error ? error.code : "http-" + response.status,
      error ? error.message : `The server answered ${response.status}.`,
      response.status,
      (error && error.where) || "",
    );
  }
  return data;
}

const enc = encodeURIComponent;

export const api = {
  games: () => call("GET", "/api/games"),
  publicTables: () => call("GET", "/api/tables"),
  table: (code) => call("GET", `/api/tables/${enc(code)}`),
  history: (code) => call("GET", `/api/tables/${enc(code)}/history`),
  create: (body) => call("POST", "/api/tables", body),
  join: (code, body) => call("POST", `/api/tables/${enc(code)}/join`, body),
  report: (body) => call("POST", "/api/reports", body),
  decks: () => call("GET", "/api/decks"),
  /** `file` (a File or Blob) is sent as the raw body; the server picks the importer. */
  uploadDeck: (file, query) => call("POST", `/api/decks?${new URLSearchParams(query)}`, null, file),
  /** `game`: a game id, or "" for every game. */
  leaderboard: (game, period) => call("GET", `/api/leaderboard?${new URLSearchParams({ period, ...(game ? { game } : {}) })}`),
};
