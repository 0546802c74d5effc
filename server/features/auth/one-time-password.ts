import { randomInt } from 'node:crypto';

// Admin → Users → Reset password: a password read out or pasted once, so it avoids the
// characters people mistake for one another (0/O, 1/l/I) and comes in groups of four.

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRSTUVWXYZ23456789';
const GROUPS = 5;
const GROUP_LENGTH = 4;

/** e.g. 'k7Pq-m3Xz-w9Tr-b4Hn-c2Fd': 20 characters of 54 kinds, about 115 bits, from the OS's CSPRNG. */
export function oneTimePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g += 1) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i += 1) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}
