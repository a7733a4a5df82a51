// games/csh/archives.js: every player's Archive as a list of stacks, bottom card first, with
// each card's Voting Power and tokens, canceled cards face down, and the Archive's total and
// slots. Used by the table and by the final count of the history.

import { h } from "../../dom.js";
import { plural } from "../scaffold.js";

function cardChip(card, cat) {
  if (card.down) return h("li", { class: "csh-chip is-down" }, h("span", { class: "csh-chip-name", text: "Canceled (face down)" }), h("span", { class: "csh-chip-vp", text: "0 VP" }));
  const type = cat.type(card);
  const token = card.tokens ? h("span", { class: "csh-chip-token", text: `token ${card.tokens > 0 ? "+" : ""}${card.tokens}` }) : null;
  return h("li", { class: `csh-chip set-${type ? type.set : "none"}`, title: type ? type.text : "" },
    h("span", { class: "csh-chip-name", text: cat.name(card) }),
    h("span", { class: "csh-chip-set", text: type ? cat.setName(type.set) : "" }),
    token, h("span", { class: "csh-chip-vp", text: `${card.vp} VP` }));
}

/** One Archive. `label`: "Ann's Archive"; `current`: this seat is on turn. */
export function archiveSection(archive, { label, cat, current = false }) {
  const stacks = archive.stacks.length
    ? h("ol", { class: "csh-stacks" }, archive.stacks.map((stack, index) => h("li", { class: "csh-stack" },
      h("span", { class: "csh-stack-label", text: `Stack ${index + 1}` }),
      h("ul", { class: "csh-stack-cards", "aria-label": `Stack ${index + 1}, bottom card first` }, stack.map((card) => cardChip(card, cat))))))
    : h("p", { class: "muted", text: "Empty." });
  return h("section", { class: `csh-archive${current ? " is-current" : ""}`, "aria-label": `${label}: ${archive.total} VP` },
    h("h4", { class: "csh-archive-title" }, h("span", { text: `${current ? "▶ " : ""}${label}` }),
      h("span", { class: "csh-total", text: `${archive.total} VP` })),
    h("p", { class: "muted csh-slots", text: `${plural(archive.stacks.length, "slot")} used of ${archive.capacity}` }),
    stacks);
}
