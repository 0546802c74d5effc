import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { exportUsers } from '../features/team/users-data';
import { listJobs } from '../features/admin/jobs';
import { listRoles } from '../features/admin/roles';
import { loadSessionUser } from '../features/auth/session-user';
import type { Actor } from '../../shared/rules/session-user';
import type { DbOrTx } from './client';
import * as schema from './schema';

/**
 * Double-quoted names inside a `(select ...)` that are neither qualified, nor a table after from
 * or join, nor an alias: columns Drizzle wrote bare, which the subquery reads as its own.
 */
function bareInSubqueries(text: string): string[] {
  const found: string[] = [];
  for (let start = text.indexOf('(select'); start >= 0; start = text.indexOf('(select', start + 1)) {
    let depth = 0;
    let end = start;
    for (; end < text.length; end += 1) {
      if (text[end] === '(') depth += 1;
      else if (text[end] === ')' && --depth === 0) break;
    }
    const sub = text.slice(start, end);
    for (const m of sub.matchAll(/(?<![.\w])"(\w+)"(?!\.)/g)) {
      if (!/\b(from|join|as)$/i.test(sub.slice(0, m.index).trimEnd())) found.push(m[1]);
    }
  }
  return found;
}

/** The SQL `run` sends, read from a database that answers nothing. */
async function sentSql(run: (db: DbOrTx) => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const db = drizzle.mock({ schema, logger: { logQuery: (query: string) => void sent.push(query) } });
  await run(db as unknown as DbOrTx).catch(() => undefined);
  return sent;
}

describe('qualified()', () => {
  it('the check finds a bare column in a subquery, and passes qualified ones, tables and aliases', () => {
    expect(bareInSubqueries('select "id", (select t.name from "teams" t where t.id = "team_id") as "n" from "users"')).toEqual(['team_id']);
    expect(bareInSubqueries('select "id", (select t.name from "teams" t join "jobs" j on true where t.id = "users"."team_id") as "n" from "users"')).toEqual([]);
  });

  it("the hub's one-table queries with correlated subqueries name the outer columns", async () => {
    const actor = { id: 1, teamIds: [] } as unknown as Actor;
    const queries = [
      ...(await sentSql((db) => exportUsers(db, actor, undefined))),
      ...(await sentSql((db) => listJobs(db))),
      ...(await sentSql((db) => listRoles(db))),
      ...(await sentSql((db) => loadSessionUser(db, 1))),
    ];
    expect(queries).toHaveLength(4);
    for (const query of queries) expect(bareInSubqueries(query), query).toEqual([]);
  });
});
