// games/subject.js: choosing a sentence's form by who it is about, since "You played" is not
// "Ann played" in every language. The catalogue has each key given here in all its forms.

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
