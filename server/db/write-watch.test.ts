import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { statementTracker, watchWrites } from './write-watch';

describe('statementTracker (writes of this process, reported once other connections see them)', () => {
  const tracked = () => {
    const seen: string[][] = [];
    return { seen, track: statementTracker((texts) => seen.push([...texts])) };
  };

  it('reports a write outside a transaction when it completes, and never a read', () => {
    const { seen, track } = tracked();
    track('select * from users where id = $1', { command: 'SELECT' });
    track('update "users" set name = $1', { command: 'UPDATE' });
    track('insert into sessions values ($1)', { command: 'INSERT' });
    expect(seen).toEqual([['update "users" set name = $1'], ['insert into sessions values ($1)']]);
  });

  it("reports a transaction's writes at its commit, not before, and a rolled-back one never", () => {
    const { seen, track } = tracked();
    track('begin', { command: 'BEGIN' });
    track('update "roles" set status = $1', { command: 'UPDATE' });
    track('savepoint sp1', { command: 'SAVEPOINT' });
    track('delete from "team_members" where user_id = $1', { command: 'DELETE' });
    track('rollback to savepoint sp1', { command: 'ROLLBACK' });
    track('select 1', { command: 'SELECT' });
    expect(seen).toEqual([]);
    track('commit', { command: 'COMMIT' });
    expect(seen).toEqual([['update "roles" set status = $1', 'delete from "team_members" where user_id = $1']]);

    track('begin', { command: 'BEGIN' });
    track('update "users" set status = $1', { command: 'UPDATE' });
    track('rollback', { command: 'ROLLBACK' });
    track('begin', { command: 'BEGIN' });
    track('select 1', { command: 'SELECT' });
    track('commit', { command: 'COMMIT' });
    expect(seen).toHaveLength(1);
  });

  it('reports a text of several statements (a migration) as done, whatever it held', () => {
    const { seen, track } = tracked();
    track('create table x (id int); insert into x values (1)', [{ command: 'CREATE' }, { command: 'INSERT' }]);
    expect(seen).toEqual([['create table x (id int); insert into x values (1)']]);
  });
});

describe('watchWrites', () => {
  type Call = [unknown, unknown, unknown];
  /** a pg client stand-in answering each text with the command named by its first word */
  const fakeClient = () => {
    const calls: Call[] = [];
    const answer = (config: unknown) => ({ command: String(typeof config === 'string' ? config : (config as { text: string }).text).split(' ')[0].toUpperCase() });
    const client = {
      query(config: unknown, values?: unknown, callback?: unknown) {
        calls.push([config, values, callback]);
        if (typeof callback === 'function') {
          setImmediate(() => callback(null, answer(config)));
          return undefined;
        }
        return Promise.resolve(answer(config));
      },
    };
    return { client: client as unknown as pg.Client, calls };
  };

  it('reports a write before the promise of its sender settles', async () => {
    const { client } = fakeClient();
    const seen: string[] = [];
    watchWrites(client, (texts) => seen.push(...texts));
    const result = await client.query({ text: 'update users set name = $1', values: ['x'] } as never);
    expect(result).toEqual({ command: 'UPDATE' });
    expect(seen).toEqual(['update users set name = $1']);
  });

  it("reports a write before its sender's callback runs (how pg's pool calls it), also for query(text, callback)", async () => {
    const { client, calls } = fakeClient();
    const seen: string[] = [];
    watchWrites(client, (texts) => seen.push(...texts));
    const order: string[] = [];
    await new Promise<void>((resolve) =>
      (client.query as unknown as (t: string, v: unknown, cb: () => void) => void)('delete from sessions', [], () => {
        order.push(`callback after ${seen.length} report(s)`);
        resolve();
      }),
    );
    await new Promise<void>((resolve) => (client.query as unknown as (t: string, cb: () => void) => void)('insert into jobs', () => resolve()));
    expect(order).toEqual(['callback after 1 report(s)']);
    expect(seen).toEqual(['delete from sessions', 'insert into jobs']);
    expect(calls[1][1]).toBeUndefined();
  });

  it('passes cursors and streams (submittables) through untouched', () => {
    const { client, calls } = fakeClient();
    watchWrites(client, () => {
      throw new Error('not a write');
    });
    const cursor = { text: 'select 1', submit: () => {} };
    void client.query(cursor as never);
    expect(calls[0][0]).toBe(cursor);
  });
});
