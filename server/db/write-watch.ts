import type pg from 'pg';

// The session cache (server/features/auth/session-cache.ts) must drop what it read before a
// write of THIS process reaches the client that made it, or a sign-out could still be honoured by
// the request that follows it. PostgreSQL's NOTIFY covers every writer, but it travels on another
// connection and may arrive a moment later; this watch is synchronous: it reports a write before
// the code that sent it sees its result.

/** Command tags of statements that change rows. */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY', 'TRUNCATE']);

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];
type Callback = (error: Error | null, result: unknown) => void;

/**
 * Tracks one connection's statements and calls `visible(texts)` once writes become visible to
 * other connections: a write outside a transaction when it completes, a transaction's writes when
 * it commits. A text is a statement's SQL, for the listener to tell which tables it touched.
 */
export function statementTracker(visible: (texts: readonly string[]) => void): (text: string, result: unknown) => void {
  let inTransaction = false;
  let written: string[] = [];
  return (text, result) => {
    if (Array.isArray(result)) {
      // several statements in one text (migrations, scripts): whatever they did is done
      inTransaction = false;
      written = [];
      visible([text]);
      return;
    }
    const command = (result as { command?: unknown } | null)?.command;
    if (command === 'BEGIN') {
      inTransaction = true;
      written = [];
    } else if (command === 'COMMIT' || (command === 'ROLLBACK' && !/^\s*rollback\s+to\b/i.test(text))) {
      const done = written;
      inTransaction = false;
      written = [];
      if (command === 'COMMIT' && done.length > 0) visible(done);
    } else if (typeof command === 'string' && WRITES.has(command)) {
      if (inTransaction) written.push(text);
      else visible([text]);
    }
  };
}

/** Wraps the connection's `query` so each completed statement passes through statementTracker. */
export function watchWrites(client: pg.PoolClient | pg.Client, visible: (texts: readonly string[]) => void): void {
  const track = statementTracker(visible);
  const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
  (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (config, values, callback) => {
    if (typeof values === 'function') {
      callback = values;
      values = undefined;
    }
    const text = textOf(config);
    if (text === undefined) return query(config, values, callback);
    if (typeof callback === 'function') {
      const done = callback as Callback;
      return query(config, values, (error: Error | null, result: unknown) => {
        if (!error) track(text, result);
        done(error, result);
      });
    }
    return (query(config, values) as Promise<unknown>).then((result) => {
      track(text, result);
      return result;
    });
  };
}

/** The SQL of a plain query; undefined for submittables (cursors, streams), which only read here. */
function textOf(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (config === null || typeof config !== 'object') return undefined;
  const query = config as { text?: unknown; submit?: unknown };
  return typeof query.text === 'string' && typeof query.submit !== 'function' ? query.text : undefined;
}
