// games/csh/moves.js: what this seat may do now, as groups of labelled actions. On a turn it
// mirrors the engine's legal list (games/csh/moves.py: where a card may go, CSH-5 to CSH-8,
// CSH-26; one action per distinct card type) from the seat's own view; in a reaction window it
// reads the reactions the seat may play from the view itself (`you.reactions`, CSH-10 to
// CSH-12). The server checks every action. A group is { title, actions: [{ label, action,
// minor }] }; `prompt` says what is asked, in words; `quiet`: nothing needs deciding (a window
// that goes on without you), so it is not announced.

import { plural } from "./cards.js";
import { choicePrompt, stackWords } from "./words.js";

function canTop(stack, kind, cat) {
  const top = stack[stack.length - 1];
  if (top.down) return false;
  const below = cat.kind(top);
  if (kind === "directorship") return below === "base" || below === "freshman";
  return kind === "freshman" && below === "freshman" && !stack.some((card) => card.down);
}

function tops(archive, kind, cat) {
  return archive.stacks.flatMap((stack, slot) => (canTop(stack, kind, cat) ? [{ place: "top", slot }] : []));
}

/** Every place a card of `kind` may go in its player's own Archive. */
function spots(archive, kind, cat) {
  const onTop = tops(archive, kind, cat);
  if (archive.stacks.length < archive.capacity) return [{ place: "new" }, ...onTop];
  return [...onTop, ...archive.stacks.map((_, slot) => ({ place: "replace", slot }))];
}

/** Where a card played into another player's Archive may go; full: the target picks. */
function targetSpots(archive, cat) {
  const onTop = tops(archive, "directorship", cat);
  if (archive.stacks.length < archive.capacity) return [{ place: "new" }, ...onTop];
  return onTop.length ? onTop : [{ place: "replace" }];
}

function spotLabel(spot, archive, cat) {
  if (spot.place === "new") return "Into a new slot";
  if (spot.slot === undefined) return "Their Archive is full: they choose the stack it replaces";
  const words = `stack ${spot.slot + 1} (${stackWords(archive.stacks[spot.slot], cat)})`;
  return spot.place === "top" ? `On top of ${words}` : `Replacing ${words}`;
}

/** The lowest id of each card type in the hand, in hand order of first appearance. */
function distinct(hand) {
  const first = new Map();
  for (const card of [...hand].sort((a, b) => a.id - b.id)) if (!first.has(card.card)) first.set(card.card, card);
  return [...first.values()];
}

function turnGroups(pub, you, seat, names, cat) {
  const own = pub.archives[seat];
  const groups = [{ title: "Draw", actions: [{ label: you.hand.length ? "Draw a card" : "Draw three cards (your hand is empty: this ends your turn)", action: { type: "draw" } }] }];
  const freshmen = you.hand.filter((card) => cat.kind(card) === "freshman").map((card) => card.id).sort((a, b) => a - b);
  const freshSpots = freshmen.length ? spots(own, "freshman", cat) : [];
  for (let count = 1; freshSpots.length && count <= freshmen.length; count += 1) {
    groups.push({
      title: `Play ${plural(count, "Freshman", "Freshmen")}`,
      actions: freshSpots.map((spot) => ({ label: spotLabel(spot, own, cat), action: { type: "play", cards: freshmen.slice(0, count), ...spot } })),
    });
  }
  for (const card of distinct(you.hand)) {
    const type = cat.type(card);
    if (!type || type.reaction || type.kind === "freshman") continue;
    if (type.placement === "target") {
      pub.archives.forEach((archive, target) => {
        if (target === seat) return;
        groups.push({
          title: `Play ${type.name} into ${names(target)}'s Archive`,
          actions: targetSpots(archive, cat).map((spot) => ({ label: spotLabel(spot, archive, cat), action: { type: "play", cards: [card.id], target, ...spot } })),
        });
      });
    } else {
      const where = spots(own, type.kind, cat);
      if (where.length) groups.push({ title: `Play ${cat.summary(card)}`, actions: where.map((spot) => ({ label: spotLabel(spot, own, cat), action: { type: "play", cards: [card.id], ...spot } })) });
    }
  }
  return groups;
}

/** The reactions in the view, one group per card, labelled by where the card would go. */
function reactionGroups(pub, you, seat, cat) {
  const own = pub.archives[seat];
  const byCard = new Map();
  for (const action of you.reactions) byCard.set(action.card, [...(byCard.get(action.card) || []), action]);
  return [...byCard].map(([id, actions]) => {
    const type = cat.type(you.hand.find((card) => card.id === id));
    const verb = type && type.reaction === "negate" ? "Negate its effect" : "Cancel it";
    return { title: `${verb} with ${type ? type.name : "a reaction card"}`, actions: actions.map((action) => ({ label: spotLabel(action, own, cat), action })) };
  });
}

/** CSH-10: a window waits on every seat at once; a seat with nothing to play need not answer
 *  (it closes by itself at its deadline) but may let it go on sooner. */
function windowMoves(pub, you, seat, words) {
  const playing = words.playing(pub.stack[pub.stack.length - 1]);
  if (!pub.waiting.includes(seat)) return { prompt: `${playing} Waiting for reactions.`, groups: [], quiet: true };
  const letGo = (label, minor) => ({ title: "Let it resolve", actions: [{ label, action: { type: "pass" }, minor }] });
  if (!you.reactions.length) return { prompt: `${playing} Waiting for reactions.`, groups: [letGo("Go on", true)], quiet: true };
  return { prompt: `${playing} Cancel this?`, groups: [letGo("Pass", false), ...reactionGroups(pub, you, seat, words.cat)] };
}

function permutations(items) {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

function choiceGroups(pub, you, words) {
  const choice = pub.choice;
  const { cat, names } = words;
  switch (choice.purpose) {
    case "target":
    case "next":
      return [{ title: "Players", actions: choice.options.map((seat) => ({ label: names(seat), action: { type: "choose-seat", seat } })) }];
    case "slot": {
      const archive = pub.archives[choice.seat];
      return [{ title: "Your stacks", actions: choice.options.map((slot) => ({ label: `Stack ${slot + 1} (${stackWords(archive.stacks[slot], cat)})`, action: { type: "choose-slot", slot } })) }];
    }
    case "order":
      return [{ title: "Orders, top card first", actions: permutations(you.options).map((order) => ({ label: order.map((card) => cat.name(card)).join(", then "), action: { type: "choose-order", cards: order.map((card) => card.id) } })) }];
    default:
      return [{ title: "Cards", actions: you.options.map((card) => ({ label: words.where(card), action: { type: "choose-card", card: card.id } })) }];
  }
}

/** `words`: { cat, names(seat), where(card), playing(frame) }. Returns { prompt, groups,
 *  quiet } or null when nothing is asked of `seat` and no reaction window is open. */
export function movesFor(view, seat, words) {
  const pub = view.public;
  const you = view.you;
  if (seat === null || !you || pub.phase === "over") return null;
  if (pub.phase === "window") return windowMoves(pub, you, seat, words);
  if (!pub.waiting.includes(seat)) return null;
  const { cat, names } = words;
  switch (pub.phase) {
    case "draft":
      return {
        prompt: "Choose your directorship.",
        groups: [{ title: "Directorships", actions: pub.available.map((id) => ({ label: `${cat.setName(id)}: ${cat.sets.get(id) ? cat.sets.get(id).style : ""}`, action: { type: "choose-directorship", directorship: id } })) }],
      };
    case "turn":
      return { prompt: `Your turn: ${plural(pub.actions, "action")} left. Draw, or play a card.`, groups: turnGroups(pub, you, seat, names, cat) };
    case "choice":
      return { prompt: choicePrompt(pub, words), groups: choiceGroups(pub, you, words) };
    default:
      return null;
  }
}
