import { randomUUID } from 'node:crypto';
import type { Tx } from '../client';
import * as schema from '../schema';
import { PICTURE_OUTPUT } from '../../../shared/rules/constants';
import { drawMonogram, initialsOf } from './avatars';
import { insertChunked } from './insert';
import type { PersonSeed } from './people-plan';

/** Profile pictures for the people who have one; returns the file id per username. */
export async function insertPictures(tx: Tx, people: ReadonlyArray<PersonSeed & { id: number }>): Promise<Map<string, string>> {
  const rows = people.filter((person) => person.hasPicture).map((person) => {
    const data = drawMonogram({ ...PICTURE_OUTPUT, hue: person.hue, text: initialsOf(person.name) });
    return {
      id: randomUUID(), kind: 'picture', ownerUserId: person.id, name: `${person.username}.png`,
      contentType: 'image/png', size: data.length, data, username: person.username,
    };
  });
  // Pictures are a few kilobytes each; small chunks keep each statement's payload modest.
  for (let i = 0; i < rows.length; i += 20) {
    await insertChunked(tx, schema.files, rows.slice(i, i + 20).map(({ username: _username, ...file }) => file));
  }
  return new Map(rows.map((row) => [row.username, row.id]));
}
