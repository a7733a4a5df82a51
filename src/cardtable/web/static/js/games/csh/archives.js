// games/csh/archives.js: every player's Archive as a list of stacks, bottom card first, with
// each card's Voting Power and tokens, canceled cards face down, and the Archive's total and
// slots. Used by the table and by the final count of the history.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { signed } from "./words.js";

function cardChip(card, cat) {
  if (card.down) return h("li", { class: "csh-chip is-down" }, h("span", { class: "csh-chip-name", text: t("game.csh.chip.down") }), h("span", { class: "csh-chip-vp", text: t("game.csh.vp", { count: 0 }) }));
  const type = cat.type(card);
  const token = card.tokens ? h("span", { class: "csh-chip-token", text: t("game.csh.chip.token", { vp: signed(card.tokens) }) }) : null;
  return h("li", { class: `csh-chip set-${type ? type.set : "none"}`, title: cat.text(card) },
    h("span", { class: "csh-chip-name", text: cat.name(card) }),
    h("span", { class: "csh-chip-set", text: type ? cat.setName(type.set) : "" }),
    token, h("span", { class: "csh-chip-vp", text: t("game.csh.vp", { count: card.vp }) }));
}

/** One Archive. `label`: "Ann's Archive"; `current`: this seat is on turn. */
export function archiveSection(archive, { label, cat, current = false }) {
  const stacks = archive.stacks.length
    ? h("ol", { class: "csh-stacks" }, archive.stacks.map((stack, index) => h("li", { class: "csh-stack" },
      h("span", { class: "csh-stack-label", text: t("game.csh.stack", { number: index + 1 }) }),
      h("ul", { class: "csh-stack-cards", "aria-label": t("game.csh.stack.cards", { number: index + 1 }) }, stack.map((card) => cardChip(card, cat))))))
    : h("p", { class: "muted", text: t("game.csh.archive.empty") });
  const total = t("game.csh.vp", { count: archive.total });
  return h("section", { class: `csh-archive${current ? " is-current" : ""}`, "aria-label": `${label}: ${total}` },
    h("h4", { class: "csh-archive-title" }, h("span", { text: `${current ? "▶ " : ""}${label}` }),
      h("span", { class: "csh-total", text: total })),
    h("p", { class: "muted csh-slots", text: t("game.csh.archive.slots", { count: archive.stacks.length, capacity: archive.capacity }) }),
    stacks);
}
