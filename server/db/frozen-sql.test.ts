import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { flatSql, frozenSql } from './frozen-sql';
import { teams } from './schema';

describe('frozenSql', () => {
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

describe('flatSql', () => {
  const render = (fragment: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(fragment);

  it('renders to the very text and values of the fragment, wherever it is placed and however often', () => {
    const fragment = sql`${teams.status} <> ${'deleted'} and (${teams.id} in (${sql.join([1, 2].map((id) => sql`${id}`), sql`, `)}) or ${teams.name} = ${"it's"})`;
    const flat = flatSql(fragment);
    const around = (f: ReturnType<typeof sql>) => sql`select 1 from ${teams} where ${f} and ${teams.id} > ${0} union select 2 from ${teams} where ${f}`;
    expect(render(around(flat))).toEqual(render(around(fragment)));
  });

  it('keeps an array value one parameter (an ANY list), as it was', () => {
    const fragment = sql`${teams.id} = any(${sql.param([1, 2, 3])}::int[])`;
    expect(render(flatSql(fragment))).toEqual(render(fragment));
    expect(render(flatSql(fragment)).params).toEqual([[1, 2, 3]]);
  });

  it('refuses a placeholder, which has no value yet', () => {
    expect(() => flatSql(sql`${teams.id} = ${sql.placeholder('id')}`)).toThrow(/placeholder/);
  });
});
