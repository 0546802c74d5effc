import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf, type Database } from '../../server/db/client';
import { preparedStatement } from '../../server/db/prepared';
import { teams } from '../../server/db/schema';
import { createTestDatabase } from '../support/test-db';

// The hottest reads run as statements rendered and named once (server/db/prepared.ts).
// They must answer exactly what db.execute answers for the same SQL, on the database or inside a
// transaction (on its connection, seeing its uncommitted rows), on PGlite and on PostgreSQL.

describe('preparedStatement', () => {
  let database: Database;
  const byName = preparedStatement(sql`select t.id, t.name, ${'fixed'} as "kind" from ${teams} t
    where t.name = ${sql.placeholder('name')} or t.name = ${sql.placeholder('name')} || '!' order by t.id`);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers what db.execute answers, with a placeholder used twice and a fixed value', async () => {
    const { db } = database;
    await db.insert(teams).values([{ name: 'Prepared' }, { name: 'Prepared!' }, { name: 'Other' }]);
    const direct = rowsOf(await db.execute(sql`select t.id, t.name, ${'fixed'} as "kind" from ${teams} t
      where t.name = ${'Prepared'} or t.name = ${'Prepared'} || '!' order by t.id`));
    const prepared = rowsOf(await byName(db, { name: 'Prepared' }));
    expect(prepared).toEqual(direct);
    expect(prepared.map((row) => (row as { name: string }).name)).toEqual(['Prepared', 'Prepared!']);
    // run again with other values: the placeholders are filled anew, nothing of the first run kept
    expect(rowsOf(await byName(db, { name: 'Other' })).map((row) => (row as { kind: string }).kind)).toEqual(['fixed']);
    expect(rowsOf(await byName(db, { name: 'Nobody' }))).toEqual([]);
  });

  it("runs in a transaction on the transaction's connection: its uncommitted rows are seen there, not outside", async () => {
    const { db } = database;
    let inside: unknown[] = [];
    let outside: unknown[] = [];
    await expect(db.transaction(async (tx) => {
      await tx.insert(teams).values({ name: 'Uncommitted' });
      inside = rowsOf(await byName(tx, { name: 'Uncommitted' }));
      // PGlite runs one transaction at a time: the database's own connection would wait for this one
      if (inject('databaseUrl')) outside = rowsOf(await byName(db, { name: 'Uncommitted' }));
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect(inside).toHaveLength(1);
    expect(outside).toEqual([]);
    expect(rowsOf(await byName(db, { name: 'Uncommitted' }))).toEqual([]);
  });
});
