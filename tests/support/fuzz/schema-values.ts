import type { Rng } from './random';

// Values for the property-based API test, read off the OpenAPI document's JSON schemas: valid
// ones to build a request that reaches deep into a route, and hostile ones to put in one place.
// A mostly-valid request with one bad value gets past the checks that come before it; pure
// noise is refused by the first one.

/** The subset of JSON Schema (OpenAPI 3.0) that @fastify/swagger writes for our zod schemas. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** A hostile value and the class of input it belongs to (the report groups failures by class). */
export interface Hostile {
  label: string;
  kind: HostileKind;
  value: unknown;
}

export type HostileKind =
  | 'nul' | 'surrogate' | 'control' | 'invisible' | 'long' | 'edge-text' | 'date'
  | 'number-limit' | 'int4-overflow' | 'non-integer' | 'wrong-type' | 'other-id';

export function typeOf(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  const variant = schema.anyOf ?? schema.oneOf;
  return variant ? typeOf(variant.find((v) => typeOf(v) !== 'null')) : undefined;
}

const INT4_MAX = 2_147_483_647;
const isIdName = (name: string) => /(^|_)ids?$|[a-z]Ids?$/.test(name) || /^(teams?|jobs?|owner|author|actor|user|teamlead|except)$/.test(name);
const isDateName = (name: string) => /date|deadline|^from$|^to$|birth/.test(name);

/** Hints that make generated values land on real rows: the demo company's ids. */
export interface ValueHints {
  /** ids of real rows (users, teams, objectives, key results...), mostly other people's */
  ids: readonly number[];
}

function lowerBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + (typeOf(schema) === 'integer' ? 1 : 0.001);
  if (schema.minimum === undefined) return undefined;
  return schema.exclusiveMinimum === true ? schema.minimum + (typeOf(schema) === 'integer' ? 1 : 0.001) : schema.minimum;
}

function upperBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - (typeOf(schema) === 'integer' ? 1 : 0.001);
  if (schema.maximum === undefined) return undefined;
  return schema.exclusiveMaximum === true ? schema.maximum - (typeOf(schema) === 'integer' ? 1 : 0.001) : schema.maximum;
}

/** Strings some of our patterns accept (a pattern is not generated from, only recognised). */
const PATTERN_EXAMPLES: [RegExp, () => string][] = [
  [/\\\/\\d\{4\}/, () => '03/2021'],
  [/^\^-\?\\d/, () => '3'],
  [/\\p\{Ll\}/, () => 'ana.popescu'],
];

function validString(schema: JsonSchema, rng: Rng, name: string): string {
  if (schema.format === 'date-time') return new Date(Date.UTC(2026, rng.int(0, 11), rng.int(1, 28), 12)).toISOString();
  if (schema.format === 'email' || /email/.test(name)) return `fuzz.${rng.int(1, 1e6)}@bitstone.test`;
  if (schema.pattern) {
    const known = PATTERN_EXAMPLES.find(([shape]) => shape.test(schema.pattern!));
    if (known) return known[1]();
  }
  if (isDateName(name)) return `2030-0${rng.int(1, 9)}-1${rng.int(0, 9)}`;
  if (/url|link/.test(name)) return 'https://intranet.example/fuzz';
  if (/phone/.test(name)) return `+40 700 ${rng.int(100, 999)} ${rng.int(100, 999)}`;
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 24, Math.max(min, 24));
  const length = rng.int(Math.max(min, 1), Math.max(min, Math.min(max, 12)));
  const words = ['Fuzz', 'objective', 'Phoenix', 'check', 'plan', 'alpha', 'beta', 'team'];
  let out = '';
  while (out.length < length) out += (out ? ' ' : '') + rng.pick(words);
  return out.slice(0, Math.max(length, min)).trimEnd().padEnd(min, 'x');
}

/** A value the schema accepts (as far as JSON Schema can say: refinements are not in the document). */
export function validValue(schema: JsonSchema | undefined, rng: Rng, hints: ValueHints, name = ''): unknown {
  if (!schema) return 'fuzz';
  if (schema.enum) return rng.pick(schema.enum);
  switch (typeOf(schema)) {
    case 'string':
      return validString(schema, rng, name);
    case 'integer': {
      const lo = lowerBound(schema) ?? 0;
      const hi = Math.min(upperBound(schema) ?? 1000, lo + 1000);
      if (isIdName(name) && hints.ids.length > 0) return rng.pick(hints.ids);
      return rng.int(lo, Math.max(lo, hi));
    }
    case 'number': {
      const lo = lowerBound(schema) ?? 0;
      const hi = Math.min(upperBound(schema) ?? 100, lo + 100);
      return Math.round((lo + rng.next() * (hi - lo)) * 100) / 100;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'array': {
      const min = schema.minItems ?? 0;
      const count = rng.int(min, Math.max(min, Math.min(schema.maxItems ?? 3, 3)));
      const item = schema.items;
      const itemName = name.replace(/s$/, '');
      return Array.from({ length: count }, () => validValue(item, rng, hints, itemName));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || rng.chance(0.5)) out[key] = validValue(child, rng, hints, key);
      }
      return out;
    }
    default:
      return 'fuzz';
  }
}

/** Text that every text field should refuse or store faithfully, never answer with a 5xx. */
function hostileText(schema: JsonSchema, name: string): Hostile[] {
  const max = schema.maxLength;
  const out: Hostile[] = [
    { label: 'a NUL', kind: 'nul', value: 'a\u0000b' },
    { label: 'a lone high surrogate', kind: 'surrogate', value: 'x\ud800' },
    { label: 'a lone low surrogate', kind: 'surrogate', value: '\udc00y' },
    { label: 'control characters', kind: 'control', value: 'a\u0001\u0008\u001b[2J\u007f' },
    { label: 'line breaks and tabs', kind: 'control', value: 'a\r\nb\tc\u0085\u2028' },
    { label: 'invisible characters', kind: 'invisible', value: 'adm\u200bin\u202e\ufeff' },
    { label: 'fullwidth letters', kind: 'invisible', value: 'ａｄｍｉｎ' },
    { label: 'emoji and accents', kind: 'edge-text', value: 'Zoë Ødegård 北京 😀 e\u0301' },
    { label: 'the empty string', kind: 'edge-text', value: '' },
    { label: 'only spaces', kind: 'edge-text', value: '   ' },
    { label: 'SQL and markup', kind: 'edge-text', value: `' or '1'='1' -- <img src=x onerror=alert(1)> %s%n \${7*7}` },
    { label: 'a path', kind: 'edge-text', value: '../../../../etc/passwd' },
    { label: '100,000 characters', kind: 'long', value: 'x'.repeat(100_000) },
  ];
  if (max !== undefined) {
    out.push({ label: `${max} characters (the limit)`, kind: 'long', value: 'é'.repeat(max) });
    out.push({ label: `${max + 1} characters (past the limit)`, kind: 'long', value: 'x'.repeat(max + 1) });
    out.push({ label: `${max} emoji (2 code units each)`, kind: 'long', value: '😀'.repeat(max) });
  }
  if (schema.minLength !== undefined && schema.minLength > 0) {
    out.push({ label: `${schema.minLength - 1} characters (under the minimum)`, kind: 'edge-text', value: 'x'.repeat(schema.minLength - 1) });
  }
  if (isDateName(name) || schema.format === 'date-time') {
    for (const value of ['2030-02-31', '0000-00-00', '275760-09-14', '2030-1-1', '-001000-01-01', '2030-01-01T25:00:00Z', '9999-12-31T23:59:59.999Z', '1970-01-01']) {
      out.push({ label: `the date ${value}`, kind: 'date', value });
    }
  }
  return out;
}

function hostileNumbers(schema: JsonSchema): Hostile[] {
  const integer = typeOf(schema) === 'integer';
  const out: Hostile[] = [];
  const lo = lowerBound(schema);
  const hi = upperBound(schema);
  if (lo !== undefined) {
    out.push({ label: `${lo} (the minimum)`, kind: 'number-limit', value: lo });
    out.push({ label: `${lo - 1} (under the minimum)`, kind: 'number-limit', value: lo - 1 });
  }
  if (hi !== undefined) {
    out.push({ label: `${hi} (the maximum)`, kind: 'number-limit', value: hi });
    out.push({ label: `${hi + 1} (over the maximum)`, kind: 'number-limit', value: hi + 1 });
  }
  out.push(
    { label: '0', kind: 'number-limit', value: 0 },
    { label: '-1', kind: 'number-limit', value: -1 },
    { label: `${INT4_MAX}`, kind: 'number-limit', value: INT4_MAX },
    { label: `${INT4_MAX + 1} (past a 32-bit integer)`, kind: 'int4-overflow', value: INT4_MAX + 1 },
    { label: `${-INT4_MAX - 2} (under a 32-bit integer)`, kind: 'int4-overflow', value: -INT4_MAX - 2 },
    { label: '2^53 (past a safe integer)', kind: 'int4-overflow', value: 2 ** 53 },
    { label: '1e308', kind: 'number-limit', value: 1e308 },
    { label: '-1e308', kind: 'number-limit', value: -1e308 },
  );
  if (integer) out.push({ label: '1.5 (not an integer)', kind: 'non-integer', value: 1.5 }, { label: '1e-7', kind: 'non-integer', value: 1e-7 });
  else out.push({ label: '0.1', kind: 'number-limit', value: 0.1 }, { label: '1e-300', kind: 'number-limit', value: 1e-300 });
  return out;
}

/** Values of the wrong JSON type for the schema. */
export function wrongTypes(schema: JsonSchema | undefined): Hostile[] {
  const type = typeOf(schema);
  const all: [string, unknown][] = [
    ['a string', '12'], ['a word', 'abc'], ['a number', 12345], ['true', true], ['null', null],
    ['an empty array', []], ['an array', ['x', 1]], ['an empty object', {}], ['an object', { id: 1, name: 'x' }],
  ];
  const sameType = (v: unknown) => {
    if (type === 'string') return typeof v === 'string';
    if (type === 'integer' || type === 'number') return typeof v === 'number';
    if (type === 'boolean') return typeof v === 'boolean';
    if (type === 'array') return Array.isArray(v);
    if (type === 'object') return v !== null && typeof v === 'object' && !Array.isArray(v);
    return false;
  };
  return all
    .filter(([, v]) => !sameType(v) && !(v === null && schema?.nullable))
    .map(([label, value]) => ({ label: `${label} (wrong type)`, kind: 'wrong-type' as const, value }));
}

/** Every hostile value for one place of the schema; ids of other people's things for id fields. */
export function hostileValues(schema: JsonSchema | undefined, name: string, hints: ValueHints, rng: Rng): Hostile[] {
  const type = typeOf(schema);
  const out: Hostile[] = [...wrongTypes(schema)];
  if (type === 'string') out.push(...hostileText(schema!, name));
  if (type === 'integer' || type === 'number') out.push(...hostileNumbers(schema!));
  if ((type === 'integer' && isIdName(name)) || (type === 'array' && isIdName(name))) {
    // a few of the pool, so every field's other hostile values keep their share
    for (let i = 0; i < 4 && hints.ids.length > 0; i++) {
      const id = rng.pick(hints.ids);
      out.push({ label: `id ${id} (a real row, often someone else's)`, kind: 'other-id', value: type === 'array' ? [id] : id });
    }
  }
  if (type === 'array' && schema!.maxItems !== undefined) {
    const item = schema!.items;
    const filler = validValue(item, rng, hints, name);
    out.push({ label: `${schema!.maxItems + 1} items (past the limit)`, kind: 'long', value: Array.from({ length: schema!.maxItems + 1 }, () => filler) });
  }
  return out;
}

/** Field names a client should never set, or that trip up a naive object merge. */
export const EXTRA_FIELDS: readonly string[] = [
  'id', 'username', 'role_id', 'status', 'password', 'password_hash', 'password_must_change', 'is_admin', 'capabilities',
  'author_id', 'owner_id', 'user_id', 'created_at', 'email', '__proto__', 'constructor', 'prototype', 'toString', 'fuzz_extra',
];

/** Path and query values as they travel (already percent-encoded): what a URL can carry. */
export const HOSTILE_SEGMENTS: readonly { label: string; kind: HostileKind; raw: string }[] = [
  { label: '0', kind: 'number-limit', raw: '0' },
  { label: '-1', kind: 'number-limit', raw: '-1' },
  { label: '1.5', kind: 'non-integer', raw: '1.5' },
  { label: '1e3', kind: 'non-integer', raw: '1e3' },
  { label: '0x1f', kind: 'wrong-type', raw: '0x1f' },
  { label: ' 1 (spaces)', kind: 'wrong-type', raw: '%201%20' },
  { label: `${INT4_MAX}`, kind: 'number-limit', raw: `${INT4_MAX}` },
  { label: `${INT4_MAX + 1} (past a 32-bit integer)`, kind: 'int4-overflow', raw: `${INT4_MAX + 1}` },
  { label: '-2147483649', kind: 'int4-overflow', raw: '-2147483649' },
  { label: '9007199254740993 (past a safe integer)', kind: 'int4-overflow', raw: '9007199254740993' },
  { label: '10^20', kind: 'int4-overflow', raw: '100000000000000000000' },
  { label: 'abc', kind: 'wrong-type', raw: 'abc' },
  { label: 'true', kind: 'wrong-type', raw: 'true' },
  { label: 'empty', kind: 'edge-text', raw: '' },
  { label: 'NUL', kind: 'nul', raw: '%00' },
  { label: '1 then NUL', kind: 'nul', raw: '1%00' },
  { label: 'an overlong NUL (invalid UTF-8)', kind: 'nul', raw: '%C0%80' },
  { label: 'a lone surrogate (CESU-8)', kind: 'surrogate', raw: '%ED%A0%80' },
  { label: 'an invalid UTF-8 byte', kind: 'surrogate', raw: '%FF' },
  { label: 'a control character', kind: 'control', raw: 'a%01%1Bb' },
  { label: 'a zero-width space', kind: 'invisible', raw: 'a%E2%80%8Bb' },
  { label: 'an emoji', kind: 'edge-text', raw: '%F0%9F%98%80' },
  { label: 'an encoded ../', kind: 'edge-text', raw: '..%2F..%2Fetc%2Fpasswd' },
  { label: '%2e%2e', kind: 'edge-text', raw: '%2e%2e' },
  { label: 'SQL', kind: 'edge-text', raw: "1'%20or%20'1'%3D'1" },
  { label: '3,000 characters', kind: 'long', raw: 'x'.repeat(3000) },
];
