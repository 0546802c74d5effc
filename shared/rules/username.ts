import { USERNAME_MESSAGES } from './messages';

// Look-alike usernames (SECURITY.md 'Usernames'): 'Admin\u200b' and 'ａｄｍｉｎ' (fullwidth) were new
// accounts beside 'admin'. A username is kept and looked up in one normal form, so two that look
// alike are the same name: taken when added, the same account at sign-in.
//
// The form is Unicode's NFKC with a case fold, as its NFKC_Casefold does: NFKC makes compatibility
// characters their plain letters (fullwidth 'ａ', the ligature 'ﬁ', the Kelvin sign, a no-break
// space); the fold makes case irrelevant. JavaScript has no case fold of its own. Lower, upper,
// then lower case again is the nearest simple one: unlike toLowerCase alone it folds 'ß' to 'ss'
// and final 'ς' to 'σ' as full case folding does (the first lower case turns a capital 'ẞ' into
// 'ß' before the upper case spells it 'SS'), and it also folds the dotless 'ı' into 'i', a
// look-alike either way. NFKC again afterwards, since case mapping can leave a string out of NFKC.
// The result is a fixed point for every character (username.test.ts walks them all).
//
// What no normal form can make visible is refused instead: control and format characters
// (zero-width space and joiners, bidi marks), unassigned, private-use and lone surrogate code
// points, default-ignorable ones (variation selectors, the Hangul filler) and line or paragraph
// separators. A plain space stays allowed inside a username, as it always was (runs of spaces
// become one, which is what they look like).

const HIDDEN = /[\p{C}\p{Default_Ignorable_Code_Point}]|(?! )\p{Z}/u;

/** The one form a username is stored, compared and signed in with. */
export function normaliseUsername(raw: string): string {
  const folded = raw.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
  return folded.trim().replace(/ {2,}/g, ' ');
}

/** Why a (normalised) username cannot be used, or null when it can. */
export function usernameProblem(username: string): string | null {
  return HIDDEN.test(username) ? USERNAME_MESSAGES.hidden : null;
}

/** Whether two usernames name the same account (a stored one may predate the normal form). */
export function sameUsername(a: string, b: string): boolean {
  return normaliseUsername(a) === normaliseUsername(b);
}
