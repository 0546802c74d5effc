import pg from 'pg';

// Records the SQL a hub request sends through node-postgres, so bench/api.ts can give each route
// a floor that runs exactly that SQL.

export interface CapturedQuery {
  text: string;
  values: unknown[];
  rowMode?: string;
  /** the prepared-statement name the hub gave it (server/db/statement-names.ts) */
  name?: string;
}

let recording: CapturedQuery[] | null = null;

type QueryFn = (this: unknown, config: unknown, values?: unknown, callback?: unknown) => unknown;

function record(config: unknown, values: unknown): void {
  if (!recording) return;
  const text = typeof config === 'string' ? config : (config as { text: string }).text;
  const params = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []);
  const options = typeof config === 'object' && config ? (config as { rowMode?: string; name?: string }) : {};
  recording.push({ text, values: params, rowMode: options.rowMode, name: options.name });
}

let installed = false;

/**
 * Records at the connection: Pool.query hands each statement to a client, and the hub names its
 * statements per connection, so only there does a statement carry the name it runs under.
 */
export function installSqlCapture(): void {
  if (installed) return;
  installed = true;
  const clientQuery = pg.Client.prototype.query as unknown as QueryFn;
  (pg.Client.prototype as unknown as { query: QueryFn }).query = function query(config, values, callback) {
    record(config, values);
    return clientQuery.call(this, config, values, callback);
  };
}

/** Runs `request` and returns the statements it sent, in order. */
export async function captureSql(request: () => Promise<void>): Promise<CapturedQuery[]> {
  const queries: CapturedQuery[] = [];
  recording = queries;
  try {
    await request();
  } finally {
    recording = null;
  }
  return queries;
}
