import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MAX_NAMED_STATEMENTS, nameStatements, statementName } from './statement-names';

function fakeClient() {
  const sent: unknown[] = [];
  const client = { query: (config: unknown) => sent.push(config) } as unknown as pg.Client;
  nameStatements(client);
  return { client, sent };
}

describe('named statements', () => {
  it('names a parameterised statement after its text, on a copy of the config', () => {
    const { client, sent } = fakeClient();
    const config = { text: 'select $1::int', rowMode: 'array' };
    void client.query(config, [1]);
    expect(sent[0]).toEqual({ text: 'select $1::int', rowMode: 'array', name: statementName('select $1::int') });
    expect(config).not.toHaveProperty('name');
    expect(statementName('select $1::int')).toMatch(/^hub_[0-9a-f]{32}$/);
    expect(statementName('select $1::int')).not.toBe(statementName('select $1::text'));
  });

  it('leaves statements without parameters, strings and already named ones alone', () => {
    const { client, sent } = fakeClient();
    void client.query('begin');
    void client.query({ text: 'create table a (id int); create table b (id int)' });
    void client.query({ text: 'select $1', values: [], name: undefined });
    void client.query({ text: 'select $1', name: 'mine' }, [1]);
    expect(sent).toEqual(['begin', { text: 'create table a (id int); create table b (id int)' }, { text: 'select $1', values: [], name: undefined }, { text: 'select $1', name: 'mine' }]);
  });

  it('names at most MAX_NAMED_STATEMENTS texts per connection, and keeps naming those', () => {
    const { client, sent } = fakeClient();
    for (let i = 0; i <= MAX_NAMED_STATEMENTS; i++) void client.query({ text: `select $1 + ${i}`, values: [1] });
    void client.query({ text: 'select $1 + 0', values: [2] });
    const named = sent.filter((c) => (c as { name?: string }).name);
    expect(named).toHaveLength(MAX_NAMED_STATEMENTS + 1);
    expect(sent[MAX_NAMED_STATEMENTS]).not.toHaveProperty('name');
    expect(sent.at(-1)).toHaveProperty('name', statementName('select $1 + 0'));
  });
});
