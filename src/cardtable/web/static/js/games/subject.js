// games/subject.js: choosing a sentence's form by who it is about, since "You played" is not
// "Ann played" in every language. The catalogue has each key given here in all its forms.

import { t } from "../i18n.js";

/** `key` for a sentence whose subject is `seat`; `${key}.you` when that seat is yours (`me`). */
export function subject(key, seat, me) {
  return me !== null && me !== undefined && seat === me ? `${key}.you` : key;
}

/** `key` for a sentence from `seat` to `other`: `${key}.you` when you are the subject,
 *  `${key}.to-you` when you are the other. */
export function between(key, seat, other, me) {
  if (me === null || me === undefined) return key;
  return seat === me ? `${key}.you` : other === me ? `${key}.to-you` : key;
}

/** A seat's name past the start of a sentence, as in a list ("Confessed: Ann and you."):
 *  `name(seat)`, or for yours (`me`) "you" as written mid-sentence ("du", not "Du"). */
export function midSentence(seat, me, name) {
  return me !== null && me !== undefined && seat === me ? t("game.common.you-mid-sentence") : name(seat);
}
