// dom.js: the one way this client builds the page. Elements come from a tag, properties and
// children; every string becomes a text node (nothing from the server is ever parsed as HTML).
// `syncList` updates a list in place by key, so focus and selection survive an update.

const PROPERTIES = new Set(["value", "checked", "disabled", "hidden", "selected", "open", "tabIndex"]);

export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (PROPERTIES.has(key)) el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace every child of `el` with `children`. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Set an element's text only when it changed (screen readers re-read changed text). */
export function setText(el, text) {
  const value = String(text ?? "");
  if (el.textContent !== value) el.textContent = value;
}

/** Make `parent`'s children match `items`: nodes are reused by key, created, moved or removed.
 *  `create(item, index)` builds a node; `update(node, item, index)` refreshes it. */
export function syncList(parent, items, key, create, update) {
  const old = new Map();
  for (const child of parent.children) old.set(child.dataset.key, child);
  let cursor = parent.firstElementChild;
  items.forEach((item, index) => {
    const k = String(key(item, index));
    let node = old.get(k);
    if (node) old.delete(k);
    else {
      node = create(item, index);
      node.dataset.key = k;
    }
    if (update) update(node, item, index);
    if (node === cursor) cursor = cursor.nextElementSibling;
    else parent.insertBefore(node, cursor);
  });
  for (const node of old.values()) node.remove();
}

/** A unique id for aria-describedby and label links. */
let counter = 0;
export function uid(prefix = "id") {
  counter += 1;
  return `${prefix}-${counter}`;
}
