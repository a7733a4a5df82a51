// api.js: the HTTP API (games, public tables, create, join, history). Every failure becomes
// an ApiError carrying the server's stable error code and message.

export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
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
};
