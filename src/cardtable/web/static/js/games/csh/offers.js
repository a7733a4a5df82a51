// games/csh/offers.js: what this seat may do now, as groups of labelled actions, read from the
// server's affordances (`view.you.can`, docs/views/csh.md): the cards it may play and where
// they may go (CSH-5 to CSH-8, CSH-26), the reactions open in a window (CSH-10 to CSH-12), the
// choice asked of it. No rule is worked out here: this file only words and groups. A group is
// { title, detail, actions: [{ label, action, minor }] }, `detail` the text of the card it plays
// (read beside its buttons, so a phone need not scroll to the hand); `prompt` says what is asked;
// `quiet`: nothing needs deciding (a window that goes on without you), so it is not announced.

import { t } from "../../i18n.js";
import { choicePrompt, stackWords } from "./words.js";

function spotLabel(spot, archive, cat) {
  if (spot.place === "new") return t("game.csh.spot.new");
  if (spot.slot === undefined) return t("game.csh.spot.full");
  const vars = { number: spot.slot + 1, cards: stackWords(archive.stacks[spot.slot], cat) };
  return t(spot.place === "top" ? "game.csh.spot.top" : "game.csh.spot.replace", vars);
}

const cardIn = (cards, id) => cards.find((card) => card.id === id);

function turnGroups(pub, you, seat, names, cat) {
  const can = you.can;
  const own = pub.archives[seat];
  const groups = [{ title: t("game.csh.offer.draw"), actions: [{ label: t(you.hand.length ? "game.csh.offer.draw-one" : "game.csh.offer.draw-three"), action: { type: "draw" } }] }];
  const freshmen = can.freshmen;
  for (let count = 1; freshmen && count <= freshmen.cards.length; count += 1) {
    groups.push({
      title: t("game.csh.offer.freshmen", { count }),
      actions: freshmen.spots.map((spot) => ({ label: spotLabel(spot, own, cat), action: { type: "play", cards: freshmen.cards.slice(0, count), ...spot } })),
    });
  }
  for (const play of can.play) {
    const card = cardIn(you.hand, play.card);
    const into = play.target === null ? own : pub.archives[play.target];
    const title = play.target === null ? t("game.csh.offer.play", { card: cat.summary(card) }) : t("game.csh.offer.play-into", { card: cat.type(card).name, name: names(play.target) });
    const target = play.target === null ? {} : { target: play.target };
    groups.push({ title, detail: cat.text(card), actions: play.spots.map((spot) => ({ label: spotLabel(spot, into, cat), action: { type: "play", cards: [play.card], ...target, ...spot } })) });
  }
  return groups;
}

/** The reactions open, one group per card, labelled by where the card would go. */
function reactionGroups(pub, you, seat, cat) {
  const own = pub.archives[seat];
  return you.can.react.map((react) => {
    const held = cardIn(you.hand, react.card);
    const type = cat.type(held);
    const card = type ? type.name : t("game.csh.card.a-reaction");
    return {
      title: t(type && type.reaction === "negate" ? "game.csh.offer.negate" : "game.csh.offer.cancel", { card }),
      detail: cat.text(held),
      actions: react.spots.map((spot) => ({ label: spotLabel(spot, own, cat), action: { type: "react", card: react.card, ...spot } })),
    };
  });
}

/** CSH-10: a window waits on every seat at once; a seat with nothing to play need not answer
 *  (it closes by itself at its deadline) but may let it go on sooner. */
function windowMoves(pub, you, seat, words) {
  const playing = words.playing(pub.stack[pub.stack.length - 1]);
  const waiting = `${playing} ${t("game.csh.window.waiting")}`;
  if (!you.can.pass) return { prompt: waiting, groups: [], quiet: true };
  const letGo = (label, minor) => ({ title: t("game.csh.window.resolve"), actions: [{ label, action: { type: "pass" }, minor }] });
  if (!you.can.react.length) return { prompt: waiting, groups: [letGo(t("game.csh.window.go-on"), true)], quiet: true };
  return { prompt: `${playing} ${t("game.csh.window.cancel")}`, groups: [letGo(t("game.csh.window.pass"), false), ...reactionGroups(pub, you, seat, words.cat)] };
}

function choiceGroups(pub, you, words) {
  const choose = you.can.choose;
  const { cat, names } = words;
  const option = (label, value) => ({ label, action: { type: choose.type, [choose.key]: value } });
  switch (choose.type) {
    case "choose-seat":
      return [{ title: t("game.csh.choice.players"), actions: choose.seats.map((seat) => option(names(seat), seat)) }];
    case "choose-slot": {
      const archive = pub.archives[pub.choice.seat];
      return [{ title: t("game.csh.choice.stacks"), actions: choose.slots.map((slot) => option(t("game.csh.choice.stack", { number: slot + 1, cards: stackWords(archive.stacks[slot], cat) }), slot)) }];
    }
    case "choose-order":
      return [{ title: t("game.csh.choice.orders"), actions: choose.card_orders.map((order) => option(order.map((id) => cat.name(cardIn(you.options, id))).join(t("game.csh.then")), order)) }];
    case "choose-directorship":
      return [{ title: t("game.csh.choice.directorships"), actions: choose.directorships.map((id) => option(`${cat.setName(id)}: ${cat.sets.get(id) ? cat.sets.get(id).style : ""}`, id)) }];
    default:
      return [{ title: t("game.csh.choice.cards"), actions: choose.cards.map((id) => option(words.where(cardIn(you.options, id)), id)) }];
  }
}

/** `words`: { cat, names(seat), where(card), playing(frame) }. Returns { prompt, groups,
 *  quiet } or null when nothing is asked of `seat` and no reaction window is open. */
export function movesFor(view, seat, words) {
  const pub = view.public;
  const you = view.you;
  if (seat === null || !you || pub.phase === "over") return null;
  if (pub.phase === "window") return windowMoves(pub, you, seat, words);
  const can = you.can;
  if (can.draw) return { prompt: t("game.csh.prompt.turn", { count: pub.actions }), groups: turnGroups(pub, you, seat, words.names, words.cat) };
  if (!can.choose) return null;
  const prompt = can.choose.type === "choose-directorship" ? t("game.csh.prompt.directorship") : choicePrompt(pub, words);
  return { prompt, groups: choiceGroups(pub, you, words) };
}
