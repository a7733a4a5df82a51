// report.js: reporting a card, a chat line or a player to the site's moderators. A dialog
// asks why (and, when reporting "a card", which one), then sends POST /api/reports with the
// seat's token. Kinds and targets follow the API: card and custom-card {card}, chat {seq},
// player {member}.

import { announce } from "./announce.js";
import { api } from "./api.js";
import { openDialog } from "./dialog.js";
import { h, uid } from "./dom.js";
import { errorText } from "./error-text.js";
import { t } from "./i18n.js";

/** The reasons offered, each in words as `report.reason.<reason>`. The moderators read the
 *  report in the site's own language (English), whatever the page's. */
const REASONS = ["hateful", "harassment", "sexual", "spam", "other"];
const MODERATORS_LANGUAGE = {
  hateful: "Hateful or offensive",
  harassment: "Harassment or bullying",
  sexual: "Sexual content that does not belong here",
  spam: "Spam or advertising",
  other: "Something else",
};
const MAX_REASON = 500;

/** The report of a card as the game view shows it: written by a player or from a deck. */
export function cardReport(card, subject) {
  return { kind: card.userWritten ? "custom-card" : "card", target: { card: card.id }, subject };
}

/** Open the report dialog. `choices` ([{kind, target, subject}]) are the things to choose
 *  from; with one choice the dialog just names it. Resolves true once the report was stored. */
export function openReport({ code, token, title = t("report.button"), choices }) {
  return openDialog({
    title,
    className: "report-dialog",
    build: (close) => reportForm({ code, token, choices }, close),
  }).then(Boolean);
}

function radioGroup(legend, name, items, label) {
  return h("fieldset", { class: "radio-group" },
    h("legend", { text: legend }),
    items.map((item, index) => h("label", { class: "check" },
      h("input", { type: "radio", name, value: String(index) }), label(item))));
}

function reportForm({ code, token, choices }, close) {
  const which = choices.length > 1
    ? radioGroup(t("report.which"), "target", choices, (choice) => choice.subject)
    : h("p", { class: "report-subject" }, choices[0].subject);
  const reasons = radioGroup(t("report.why"), "reason", REASONS, (reason) => t(`report.reason.${reason}`));
  const detailsId = uid("report-details");
  const details = h("textarea", { id: detailsId, name: "details", rows: 3, maxlength: 400 });
  const status = h("p", { class: "form-error", role: "alert" });
  const send = h("button", { type: "submit", class: "primary", text: t("report.send") });
  const form = h("form", { class: "report-form" },
    which, reasons,
    h("div", { class: "field" }, h("label", { for: detailsId, text: t("report.details") }), details),
    h("p", { class: "help", text: t("report.help") }),
    status,
    h("div", { class: "dialog-buttons" }, send,
      h("button", { type: "button", class: "secondary", text: t("common.cancel"), onclick: () => close(false) })));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = choices.length > 1 ? form.elements.target.value : "0";
    const reason = form.elements.reason.value;
    if (chosen === "" || reason === "") {
      status.textContent = chosen === "" ? t("report.chooseWhich") : t("report.chooseWhy");
      return;
    }
    const extra = details.value.trim();
    const label = MODERATORS_LANGUAGE[REASONS[Number(reason)]];
    if (REASONS[Number(reason)] === "other" && !extra) {
      status.textContent = t("report.sayWhat");
      details.focus();
      return;
    }
    const { kind, target } = choices[Number(chosen)];
    send.disabled = true;
    status.textContent = "";
    try {
      await api.report({ code, token, kind, target, reason: (extra ? `${label}: ${extra}` : label).slice(0, MAX_REASON) });
      announce(t("report.sent"));
      close(true);
    } catch (error) {
      status.textContent = error.code ? errorText(error, { context: "report" }) : t("report.failed");
      send.disabled = false;
    }
  });
  return form;
}
