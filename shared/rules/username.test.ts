import { describe, expect, it } from 'vitest';
import { USERNAME_MESSAGES } from './messages';
import { normaliseUsername, sameUsername, usernameProblem } from './username';

// Look-alike usernames are one name; what cannot be seen is refused.

describe('normaliseUsername', () => {
  it('makes look-alikes one name: fullwidth, case, ligatures, compatibility letters and spaces', () => {
    expect(normaliseUsername('ａｄｍｉｎ')).toBe('admin');
    expect(normaliseUsername('ＡＤＭＩＮ')).toBe('admin');
    expect(normaliseUsername('Admin')).toBe('admin');
    expect(normaliseUsername('\uFB01nance')).toBe('finance'); // the ligature 'ﬁ'
    expect(normaliseUsername('\u212Aelvin')).toBe('kelvin'); // the Kelvin sign
    expect(normaliseUsername('stra\u00DFe')).toBe(normaliseUsername('STRASSE'));
    expect(normaliseUsername('\u1E9E')).toBe('ss'); // capital sharp s
    expect(normaliseUsername('\u039F\u0394\u03A5\u03A3\u03A3\u0395\u03A5\u03A3')).toBe(normaliseUsername('\u03BF\u03B4\u03C5\u03C3\u03C3\u03B5\u03C5\u03C2')); // final sigma
    expect(normaliseUsername('an\u0303a')).toBe('a\u00F1a'); // a combining tilde composes
    expect(normaliseUsername('  ana\u00A0\u00A0maria  ')).toBe('ana maria'); // no-break spaces are spaces
  });

  it('keeps what was valid before as it reads: lower-case dotted names, digits, a plain space', () => {
    for (const username of ['admin', 'andreea.marin', 'staff1042', 'ion-popescu', 'ana maria', 'ștefan']) expect(normaliseUsername(username)).toBe(username);
    expect(usernameProblem('ana maria')).toBeNull();
    expect(usernameProblem('ștefan')).toBeNull();
  });

  // Planes 4 to 13 hold no characters yet and 15 and 16 only private use (refused anyway).
  const ASSIGNED_PLANES = [[0, 0x3ffff], [0xe0000, 0xeffff]] as const;

  it('is a fixed point for every character, inside a name', { timeout: 60_000 }, () => {
    const unstable: string[] = [];
    for (const [from, to] of ASSIGNED_PLANES) {
      for (let codePoint = from; codePoint <= to; codePoint += 1) {
        const once = normaliseUsername(`a${String.fromCodePoint(codePoint)}b`);
        if (normaliseUsername(once) !== once) unstable.push(codePoint.toString(16));
      }
    }
    expect(unstable).toEqual([]);
  });
});

describe('usernameProblem', () => {
  it('refuses invisible, format, control, private-use and lone surrogate characters', () => {
    const hidden = [
      'Admin\u200B', // zero-width space
      'ad\u200Dmin', // zero-width joiner
      '\u202Enimda', // right-to-left override
      'admin\u2060', // word joiner
      'admin\u00AD', // soft hyphen
      'admin\uFE0F', // variation selector
      'admin\u3164', // Hangul filler
      'ad\tmin', 'ad\nmin', 'admin\u0000', 'admin\u007F',
      'ad\u2028min', // line separator (at either end it is trimmed, like any space)
      'admin\uE000', // private use
      'admin\uD800', // lone surrogate
    ];
    for (const raw of hidden) expect({ raw, problem: usernameProblem(normaliseUsername(raw)) }).toEqual({ raw, problem: USERNAME_MESSAGES.hidden });
  });

  it('allows every visible name, in any script', () => {
    for (const username of ['admin', 'ana maria', 'józef', 'δημήτρης', 'иван', '王伟', 'user_01']) expect(usernameProblem(normaliseUsername(username))).toBeNull();
  });
});

describe('sameUsername', () => {
  it('compares in the normal form, so a stored name from before the rule still matches its owner', () => {
    expect(sameUsername('Admin', 'ＡＤＭＩＮ')).toBe(true);
    expect(sameUsername('admin', 'admin2')).toBe(false);
  });
});
