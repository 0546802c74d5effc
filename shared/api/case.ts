// design §4: snake_case on the wire, camelCase in code. Both transports and the hub use these.

/**
 * Every response key passes through here (the regex rename was a visible share of the
 * hub's time per request). The keys are our schemas' few hundred field names, so each is renamed
 * once and remembered; past MEMO_LIMIT (keys of free-form JSON) they are renamed each time.
 */
const MEMO_LIMIT = 5_000;

function memoized(rename: (key: string) => string): (key: string) => string {
  const memo = new Map<string, string>();
  return (key) => {
    let out = memo.get(key);
    if (out === undefined) {
      out = rename(key);
      if (memo.size < MEMO_LIMIT) memo.set(key, out);
    }
    return out;
  };
}

const toCamelKey = memoized((key) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));
const toSnakeKey = memoized((key) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase());

/** A `{}` or `Object.create(null)` object: what the key renames convert (not Dates, Buffers, class instances). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (!isPlainObject(value)) return value; // Dates, Buffers, typed arrays pass through untouched
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[convert(k)] = convertKeys(v, convert);
  return out;
}

export const camelize = <T = unknown>(value: unknown): T => convertKeys(value, toCamelKey) as T;
export const snakify = <T = unknown>(value: unknown): T => convertKeys(value, toSnakeKey) as T;
export { toCamelKey, toSnakeKey };

/** `['teamMemberEmail']` → `'team_member_email'`; nested paths join with dots (`items.0.name`). */
export function wireField(path: readonly (string | number)[]): string | undefined {
  if (path.length === 0) return undefined;
  return path.map((p) => (typeof p === 'string' ? toSnakeKey(p) : String(p))).join('.');
}
