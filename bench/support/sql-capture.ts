import pg from 'pg';

// Records the SQL a hub request sends through node-postgres, so bench/api.ts can give each route
// a floor that runs exactly that SQL.

export interface CapturedQuery {
  text: string;
  values: unknown[];
  rowMode?: string;
}

let recording: CapturedQuery[] | null = null;
/** Config objects Pool.query already recorded: the Client.query it delegates to is the same statement. */
const viaPool = new WeakSet<object>();

type QueryFn = (this: unknown, config: unknown, values?: unknown, callback?: unknown) => unknown;

function record(config: unknown, values: unknown): void {
  if (!recording) return;
  const text = typeof config === 'string' ? config : (config as { text: string }).text;
  const params = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []);
  const rowMode = typeof config === 'object' && config ? (config as { rowMode?: string }).rowMode : undefined;
  recording.push({ text, values: params, rowMode });
}

let installed = false;

export function installSqlCapture(): void {
  if (installed) return;
  installed = true;
  const poolQuery = pg.Pool.prototype.query as unknown as QueryFn;
  const clientQuery = pg.Client.prototype.query as unknown as QueryFn;
  (pg.Pool.prototype as unknown as { query: QueryFn }).query = function query(config, values, callback) {
    record(config, values);
    if (recording && typeof config === 'object' && config) viaPool.add(config);
    return poolQuery.call(this, config, values, callback);
  };
  (pg.Client.prototype as unknown as { query: QueryFn }).query = function query(config, values, callback) {
    if (typeof config === 'object' && config && viaPool.has(config)) viaPool.delete(config);
    else record(config, values);
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
