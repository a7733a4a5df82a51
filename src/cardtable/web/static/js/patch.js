// patch.js: applies the server's JSON Patch operations (add, remove, replace) to the document.

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
    if (op.op === "remove") {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else if (Array.isArray(parent)) {
      parent[Number(last)] = op.value;
    } else {
      parent[last] = op.value;
    }
  }
  return document;
}
