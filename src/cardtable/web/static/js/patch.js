// patch.js: applies the server's JSON Patch operations (add, remove, replace) to the document;
// `add` into a list inserts, as RFC 6902 says.

function unescape(key) {
  return key.replace(/~1/g, "/").replace(/~0/g, "~");
}

export function applyPatch(document, ops) {
  for (const op of ops) {
    const keys = op.path.split("/").slice(1).map(unescape);
    if (keys.length === 0) {
      document = op.value;
      continue;
    }
    let parent = document;
    for (const key of keys.slice(0, -1)) parent = parent[Array.isArray(parent) ? Number(key) : key];
    const last = keys[keys.length - 1];
    if (Array.isArray(parent)) {
      const index = last === "-" ? parent.length : Number(last);
      if (op.op === "remove") parent.splice(index, 1);
      else if (op.op === "add") parent.splice(index, 0, op.value);
      else parent[index] = op.value;
    } else if (op.op === "remove") {
      delete parent[last];
    } else {
      parent[last] = op.value;
    }
  }
  return document;
}
