import { isPlainObject, toSnakeKey } from '../../shared/api/case';

// Every /api response is JSON with snake_case keys. JSON.stringify with a replacer that
// renames each object's keys (snakeReplacer, the rule this must equal) leaves V8's fast path and
// builds a renamed copy of every object: ~19 µs of the ~300 µs the hub spends on one objective.
// This writes the JSON in one walk, each key's `"snake_key":` remembered: ~12 µs.

/** Keys of free-form JSON past this many are written without being remembered. */
const KEY_MEMO_LIMIT = 5_000;
const keyPrefixes = new Map<string, string>();

function keyPrefix(key: string): string {
  let prefix = keyPrefixes.get(key);
  if (prefix === undefined) {
    prefix = `${JSON.stringify(toSnakeKey(key))}:`;
    if (keyPrefixes.size < KEY_MEMO_LIMIT) keyPrefixes.set(key, prefix);
  }
  return prefix;
}

/**
 * The rule: a JSON.stringify replacer renaming each plain object's own keys to snake_case.
 * JSON.stringify calls it again on every nested value, so a shallow rename per level converts the
 * whole tree once. snakeJson writes the same text faster and hands it what is not plain.
 */
export function snakeReplacer(_key: string, value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[toSnakeKey(k)] = v;
  return out;
}

const byTheRule = (value: unknown) => JSON.stringify(value, snakeReplacer);

/** One value's JSON, or undefined where JSON.stringify leaves it out (undefined, functions, symbols). */
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    case 'bigint':
      return JSON.stringify(value); // throws, as JSON.stringify does
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += write(value[i]) ?? 'null';
    }
    return `${out}]`;
  }
  // Dates (toJSON), Buffers and class instances: the rule itself, exactly
  if (!isPlainObject(value) || typeof value.toJSON === 'function') return byTheRule(value);
  let out = '{';
  let first = true;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const json = write(value[key]);
    if (json === undefined) continue;
    out += first ? keyPrefix(key) : `,${keyPrefix(key)}`;
    out += json;
    first = false;
  }
  return `${out}}`;
}

/**
 * `JSON.stringify(value, snakeReplacer)`, written without the replacer for plain objects, arrays
 * and primitives; anything else goes through the replacer itself, so the text is the same byte
 * for byte.
 */
export function snakeJson(value: unknown): string {
  return write(value) as string;
}
