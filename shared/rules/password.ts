import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MESSAGES } from './messages';

// What a new password must be, for the hub (which refuses) and the forms (which say so
// before sending). Long enough, not the person's username, and not guessable from the lists of
// most used passwords: @zxcvbn-ts with its common dictionary (leaked-password ranks, names,
// keyboard patterns), not a list of our own. A score of 3 means about 10^8 guesses or more:
// 'password1234' or 'qwertyuiop123' score 0-1, four unrelated words or 12 random characters 4.

export const PASSWORD_RULES = { minLength: 12, maxLength: 200, minScore: 3 } as const;

export interface PasswordOwner {
  username: string;
  /** also counted as guessable words when given */
  name?: string | null;
  email?: string | null;
}

/**
 * Bounds on the work of one check: with the defaults (256 characters, 100 l33t substitutions)
 * 'p@ssw0rd' repeated to 200 characters took 1.7 s of CPU; with these, under 50 ms, and
 * 'p@ssw0rd1234' still scores 1. The first 64 characters decide; past them nothing is common.
 */
const CHECK_LIMITS = { maxLength: 64, l33tMaxSubstitutions: 10 };

let checker: ZxcvbnFactory | undefined;
/** Built on first use: the dictionaries are ranked into lookup tables then, not at import. */
const strength = () => (checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, ...CHECK_LIMITS }));

/** Compared as a person would read them: compatibility forms folded, case ignored. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

const personalWords = (owner: PasswordOwner): string[] =>
  [owner.username, owner.name ?? '', ...(owner.name ?? '').split(/\s+/), owner.email ?? '', (owner.email ?? '').split('@')[0]]
    .map(fold)
    .filter((word) => word.length >= 3);

/** The first thing wrong with `password` as the new password of `owner`, or null when it will do. */
export function newPasswordProblem(password: string, owner: PasswordOwner): string | null {
  const length = [...password].length;
  if (length < PASSWORD_RULES.minLength) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_RULES.maxLength) return PASSWORD_MESSAGES.tooLong;
  // The username is known to anyone who has seen the sign-in list: in any case, anywhere in it.
  // A very short one (2 letters) would refuse ordinary words, so it only may not be the whole password.
  const folded = fold(password);
  const username = fold(owner.username.trim());
  if (folded === username || (username.length >= 3 && folded.includes(username))) return PASSWORD_MESSAGES.hasUsername;
  if (strength().check(password, personalWords(owner)).score < PASSWORD_RULES.minScore) return PASSWORD_MESSAGES.common;
  return null;
}
