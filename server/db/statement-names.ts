import { createHash } from 'node:crypto';
import type pg from 'pg';

// On the large company PostgreSQL's log showed it spending longer PARSING and PLANNING
// the hub's short statements than running them (the session user: parse ~1 ms + bind/plan ~3 ms,
// then execute 0.3 ms; every objective read alike). Drizzle sends unnamed statements, which
// PostgreSQL parses and plans anew each time. Naming each statement after its text makes it a
// prepared statement of that connection: parsed once, and after a few runs planned once (the
// server's plan_cache_mode decides when a generic plan is as good as a custom one).
//
// Only statements with parameters are named: the extended protocol a name needs cannot carry
// several statements in one text (migrations) and parameterless statements (BEGIN, COMMIT) cost
// nothing to parse. A connection keeps at most MAX_NAMED_STATEMENTS names; texts seen after that
// run unnamed, as before. The hub's hot statements come first on every connection (the session
// lookup runs on every request), and the bound keeps the server memory per connection small even
// though IN lists make a few texts per length.

export const MAX_NAMED_STATEMENTS = 300;

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/** Names already hashed, by text: every request sends the same few texts (a hash per query was ~1 % of the hub's CPU). */
const namesByText = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 2000;

export function statementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `hub_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;
    if (namesByText.size >= MAX_REMEMBERED_NAMES) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

function withName(config: unknown, values: unknown, names: Set<string>): unknown {
  if (config === null || typeof config !== 'object') return config;
  const query = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
  if (typeof query.text !== 'string' || query.name !== undefined || typeof query.submit === 'function') return config;
  const params = Array.isArray(values) ? values : query.values;
  if (!Array.isArray(params) || params.length === 0) return config;
  const name = statementName(query.text);
  if (!names.has(name)) {
    if (names.size >= MAX_NAMED_STATEMENTS) return config;
    names.add(name);
  }
  // Drizzle reuses its config object for every run of a query: name a copy.
  return { ...query, name };
}

/** Makes every parameterised statement on this connection a named (prepared) one. */
export function nameStatements(client: pg.PoolClient | pg.Client): void {
  const names = new Set<string>();
  const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
  (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (config, values, callback) =>
    query(withName(config, values, names), values, callback);
}
