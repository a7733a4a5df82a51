// storage.js: what this browser remembers between visits: your name, a random client key
// (the server uses it for bans), the secret token of each table you sit at, and (i18n.js) the
// language chosen.

const PREFIX = "cardtable.";

export function load(name, fallback = null) {
  try {
    const raw = localStorage.getItem(PREFIX + name);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

export function save(name, value) {
  try {
    localStorage.setItem(PREFIX + name, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the session still works, it is just not remembered.
  }
}

export function clientKey() {
  let key = load("client");
  if (typeof key !== "string" || key.length < 8) {
    key = crypto.randomUUID();
    save("client", key);
  }
  return key;
}

export function rememberedName() {
  return load("name", "");
}

export function rememberName(name) {
  save("name", name.trim());
}

/** Seats are stored per table code and per kind ("seat" for playing or watching, "tv"). */
function seats() {
  return load("seats", {});
}

export function seatAt(code, kind = "seat") {
  return seats()[`${kind}:${code}`] || null;
}

export function saveSeat(code, joined, kind = "seat") {
  const all = seats();
  all[`${kind}:${code}`] = { token: joined.token, member: joined.member, spectate: joined.spectate };
  save("seats", all);
}

export function forgetSeat(code, kind = "seat") {
  const all = seats();
  delete all[`${kind}:${code}`];
  save("seats", all);
}
