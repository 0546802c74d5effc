import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { frozenSql } from './frozen-sql';
import { teams } from './schema';

describe('frozenSql (issue 10)', () => {
  const render = (fragment: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(fragment);

  it('renders a fragment once to the same text Drizzle would send, and parameters still go around it', () => {
    const fragment = sql`select t.name from ${teams} t where t.status <> 'deleted'`;
    const frozen = frozenSql(fragment);
    expect(render(frozen)).toMatchObject({ sql: render(fragment).sql, params: [] });
    const query = render(sql`${frozen} and t.id = ${7}`);
    expect(query.sql).toBe(`select t.name from "teams" t where t.status <> 'deleted' and t.id = $1`);
    expect(query.params).toEqual([7]);
  });

  it('refuses a fragment with a parameter, which would be frozen to one value', () => {
    expect(() => frozenSql(sql`select ${1}`)).toThrow(/1 parameter/);
  });
});
