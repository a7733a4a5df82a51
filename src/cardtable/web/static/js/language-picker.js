// language-picker.js: the choice of the site's language, each language named in its own words.
// Choosing one keeps it on this device and loads the page again in it (i18n.js).

import { h } from "./dom.js";
import { LANGUAGE_NAMES, language, setLanguage, SUPPORTED, t } from "./i18n.js";

export class LanguagePicker {
  /** `id`: the select's id (the page may show two pickers: the home screen's and the dialog's). */
  constructor({ id }) {
    this.select = h("select", { id, name: "language" },
      SUPPORTED.map((code) => h("option", { value: code, lang: code, text: LANGUAGE_NAMES[code], selected: code === language() })));
    this.select.addEventListener("change", () => setLanguage(this.select.value));
    this.element = h("div", { class: "field language-field" },
      h("label", { for: id, text: t("language.label") }), this.select);
  }
}
