// panels/liveness.js: what the table offers because someone left (no table waits for ever).
// To the members `table.claim` names, from its `at` on (by this device's clock): claim the win
// or end the game without a result, each confirmed first. To a spectator while
// `table.late_join` says a seat can be taken: "Take a seat". To the host during a game: skip
// whoever the table is waiting for. The server decides who may do each and when; this panel
// only draws what the table document says and sends the table action.

import { announce } from "../announce.js";
import { confirmDialog } from "../dialog.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** The two claims, each confirmed in words: `claim.<outcome>.title`, `.text` and `.yes`. */
const CLAIMS = ["win", "abandon"];

export class LivenessPanel {
  /** `tableAct(action)`: send a table action (a promise). */
  constructor({ tableAct }) {
    this.tableAct = tableAct;
    this.ctx = null;
    this.ticker = null;
    this.claim = h("div", { class: "banner claim-banner", role: "region", "aria-label": t("claim.region"), hidden: true },
      h("p", { text: t("claim.offer") }),
      h("div", { class: "dialog-buttons" },
        h("button", { type: "button", class: "primary", text: t("claim.win.yes"), onclick: () => this.confirmClaim("win") }),
        h("button", { type: "button", class: "secondary", text: t("claim.abandon.button"), onclick: () => this.confirmClaim("abandon") })));
    this.sitText = h("p");
    this.sit = h("div", { class: "banner sit-banner", role: "region", "aria-label": t("sit.button"), hidden: true },
      this.sitText,
      h("button", { type: "button", class: "primary", text: t("sit.button"), onclick: () => this.takeSeat() }));
    /** The banners, above the table. */
    this.banners = h("div", { class: "liveness-banners" }, this.claim, this.sit);
    /** The host's control during a game, in the players panel. */
    this.hostTools = h("div", { class: "host-tools", hidden: true },
      h("button", { type: "button", class: "tiny-button skip-button", text: t("skip.button"), onclick: () => this.skipWaiting() }),
      h("p", { class: "help", text: t("skip.help") }));
  }

  update(ctx) {
    this.ctx = ctx;
    this.refresh();
  }

  refresh() {
    clearTimeout(this.ticker);
    const { table, member, me, isHost, mode } = this.ctx;
    const tv = mode === "tv";
    const playing = table.status === "playing";
    const claim = table.claim;
    const offered = !tv && playing && Boolean(claim) && claim.members.includes(member);
    const due = offered && Date.now() / 1000 >= claim.at;
    if (due && this.claim.hidden) announce(t("claim.announce"), { urgent: true });
    this.claim.hidden = !due;
    // Offered from a moment still to come: look again until it comes.
    if (offered && !due) this.ticker = setTimeout(() => this.refresh(), 1000);
    const watching = Boolean(me) && me.role === "spectator";
    this.sit.hidden = tv || !watching || !table.late_join;
    this.sitText.textContent = t(playing ? "sit.playing" : "sit.lobby");
    this.hostTools.hidden = tv || !isHost || !playing;
  }

  confirmClaim(outcome) {
    if (!CLAIMS.includes(outcome)) return;
    const words = (part) => t(`claim.${outcome}.${part}`);
    confirmDialog({ title: words("title"), text: words("text"), yes: words("yes"), className: "claim-dialog" }).then((yes) => {
      if (yes) this.tableAct({ type: "claim", outcome }).catch(() => null);
    });
  }

  takeSeat() {
    this.tableAct({ type: "sit" }).then(() => announce(t("news.seatedYou")), () => null);
  }

  skipWaiting() {
    this.tableAct({ type: "skip-waiting" }).then(() => announce(t("skip.done")), () => null);
  }

  destroy() {
    clearTimeout(this.ticker);
  }
}
