// games/russian-bank/drag.js: drag and drop of a card with the mouse or a finger (pointer
// events, so it works on phones too). A press on a pile that `canDrag(id)` allows, moved a few
// pixels, lifts a copy of its top card; releasing over another pile calls `drop(from, to)`.
// The click that follows a drag is swallowed, so a plain click stays click-to-move.

const THRESHOLD = 8;

export function enableDrag(root, { canDrag, start, drop, cancel }) {
  let press = null;
  let swallowClick = false;

  root.addEventListener("pointerdown", (event) => {
    const pile = event.target.closest("[data-pile]");
    if (!pile || event.button !== 0 || !canDrag(pile.dataset.pile)) return;
    press = { id: pile.dataset.pile, pile, x: event.clientX, y: event.clientY, ghost: null, pointer: event.pointerId };
  });

  root.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.pointer) return;
    if (!press.ghost) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < THRESHOLD) return;
      const top = press.pile.querySelector(".rb-card:last-child");
      if (!top) return;
      press.ghost = top.cloneNode(true);
      press.ghost.classList.add("rb-ghost");
      press.ghost.setAttribute("aria-hidden", "true");
      document.body.append(press.ghost);
      press.pile.setPointerCapture(event.pointerId);
      start(press.id);
    }
    event.preventDefault();
    press.ghost.style.left = `${event.clientX}px`;
    press.ghost.style.top = `${event.clientY}px`;
  });

  const finish = (event) => {
    if (!press || event.pointerId !== press.pointer) return;
    const { id, ghost } = press;
    press = null;
    if (!ghost) return;
    ghost.remove();
    swallowClick = true;
    setTimeout(() => { swallowClick = false; });
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const target = under && under.closest("[data-pile]");
    if (event.type === "pointerup" && target && target.dataset.pile !== id) drop(id, target.dataset.pile);
    else cancel();
  };
  root.addEventListener("pointerup", finish);
  root.addEventListener("pointercancel", finish);

  root.addEventListener("click", (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);
}
