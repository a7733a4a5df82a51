// dialog.js: a modal dialog built on <dialog>: labelled by its title, focus kept inside
// (Tab and Shift+Tab wrap around), Escape closes it, and focus goes back to where it was.

import { h, uid } from "./dom.js";
import { t } from "./i18n.js";

const FOCUSABLE = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

/** Show a modal with `title` and `body` (nodes). `build(close)` may return the body instead,
 *  to close the dialog from inside. Resolves with the value passed to `close()` (undefined
 *  when dismissed). */
export function openDialog({ title, className = "", build }) {
  const opener = document.activeElement;
  const heading = h("h2", { class: "dialog-title", id: uid("dialog-title") }, title);
  const dialog = h("dialog", { class: `modal ${className}`, "aria-labelledby": heading.id });
  let result;
  const close = (value) => {
    result = value;
    dialog.close();
  };
  dialog.append(heading, ...[build(close)].flat());
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const stops = [...dialog.querySelectorAll(FOCUSABLE)].filter((el) => !el.disabled && el.offsetParent !== null);
    if (!stops.length) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  document.body.append(dialog);
  dialog.showModal();
  const autofocus = dialog.querySelector("[autofocus]") || dialog.querySelector(FOCUSABLE);
  if (autofocus) autofocus.focus();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (opener && opener.isConnected && typeof opener.focus === "function") opener.focus();
      resolve(result);
    });
  });
}

/** Ask to confirm: `text`, a primary button saying `yes` and Cancel (focused). Resolves true
 *  only when `yes` is pressed; Cancel and Escape resolve false. */
export function confirmDialog({ title, text, yes, className = "" }) {
  return openDialog({
    title,
    className,
    build: (close) => [
      h("p", { text }),
      h("div", { class: "dialog-buttons" },
        h("button", { type: "button", class: "primary", text: yes, onclick: () => close(true) }),
        h("button", { type: "button", class: "secondary", text: t("common.cancel"), autofocus: true, onclick: () => close(false) })),
    ],
  }).then((answer) => answer === true);
}
