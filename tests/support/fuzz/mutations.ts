import { cloneDraft, cloneJson, type Draft, type Payload } from './draft';
import type { Operation } from './operations';
import type { Rng } from './random';
import { EXTRA_FIELDS, HOSTILE_SEGMENTS, hostileValues, typeOf, type Hostile, type HostileKind, type JsonSchema, type ValueHints } from './schema-values';

// One change to a well-formed request: one hostile value in one place (a body field at any depth,
// a path segment, a query parameter), a field missing or added, the body's shape or content type,
// or the upload's parts. Each carries a label for the report and a kind to group failures by.

export type MutationKind = HostileKind | 'valid' | 'missing' | 'extra' | 'repeated' | 'body-shape' | 'content-type' | 'upload';

export interface Mutation {
  label: string;
  kind: MutationKind;
  apply(draft: Draft): Draft;
  /** the top-level body field it changes (the shrinker keeps that one) */
  touches?: string;
}

export interface FuzzHints extends ValueHints {
  /** VPN file names (spec §5) of real people, for the `name` and `file` path parameters */
  names: readonly string[];
}

type JsonPath = (string | number)[];
interface Place {
  path: JsonPath;
  schema: JsonSchema | undefined;
  name: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every place of a body the schema names, at any depth the value reaches. */
function placesOf(schema: JsonSchema | undefined, value: unknown, path: JsonPath = [], name = ''): Place[] {
  const out: Place[] = [];
  const type = typeOf(schema);
  if (type === 'object' && schema!.properties) {
    for (const [key, child] of Object.entries(schema!.properties)) {
      out.push({ path: [...path, key], schema: child, name: key });
      if (isObject(value) && value[key] !== undefined) out.push(...placesOf(child, value[key], [...path, key], key));
    }
  } else if (type === 'array' && Array.isArray(value) && value.length > 0) {
    const itemName = name.replace(/s$/, '');
    out.push({ path: [...path, 0], schema: schema!.items, name: itemName });
    out.push(...placesOf(schema!.items, value[0], [...path, 0], itemName));
  }
  return out;
}

function setAt(root: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: Record<string | number, unknown> = typeof head === 'number'
    ? (Array.isArray(root) ? [...root] : []) as unknown as Record<number, unknown>
    : isObject(root) ? cloneJson(root) : {};
  Object.defineProperty(container, head, { value: setAt(container[head], rest, value), enumerable: true, writable: true, configurable: true });
  return container;
}

function deleteAt(root: unknown, path: JsonPath): unknown {
  if (path.length === 0 || root === null || typeof root !== 'object') return root;
  const [head, ...rest] = path;
  const copy = cloneJson(root) as Record<string | number, unknown>;
  if (rest.length === 0) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head];
  } else {
    copy[head] = deleteAt(copy[head], rest);
  }
  return copy;
}

const fieldName = (path: JsonPath) => path.join('.');

function withPayload(draft: Draft, payload: Payload): Draft {
  return { ...cloneDraft(draft), payload };
}

function jsonValue(draft: Draft): unknown {
  return draft.payload.kind === 'json' ? draft.payload.value : {};
}

/** A hostile value as query/path text: null when the URL cannot carry it. */
function rawValues(value: unknown): string[] | null {
  if (typeof value === 'string') {
    try {
      return [encodeURIComponent(value)];
    } catch {
      return null; // a lone surrogate: HOSTILE_SEGMENTS sends its bytes instead
    }
  }
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value) && value.every((v) => typeof v === 'number' || typeof v === 'string')) return value.map((v) => encodeURIComponent(String(v)));
  return null;
}

function segmentHostiles(schema: JsonSchema, name: string, hints: FuzzHints, rng: Rng): { label: string; kind: HostileKind; raw: string[] }[] {
  const fromSchema = hostileValues(schema, name, hints, rng).flatMap((h: Hostile) => {
    const raw = rawValues(h.value);
    return raw && raw.length > 0 && raw.every((r) => r.length < 4000) ? [{ label: h.label, kind: h.kind, raw }] : [];
  });
  const names = /^(name|file)$/.test(name) && hints.names.length > 0
    ? [rng.pick(hints.names), rng.pick(hints.names)].map((n) => ({ label: `${n} (someone else's)`, kind: 'other-id' as const, raw: [encodeURIComponent(name === 'file' ? `${n}.ovpn` : n)] }))
    : [];
  return [...fromSchema, ...names, ...HOSTILE_SEGMENTS.map((s) => ({ label: s.label, kind: s.kind, raw: [s.raw] }))];
}

function bodyMutations(op: Operation, draft: Draft, hints: FuzzHints, rng: Rng): [number, () => Mutation][] {
  const value = jsonValue(draft);
  const places = placesOf(op.body, value);
  const out: [number, () => Mutation][] = [];
  if (places.length > 0) {
    out.push([40, () => {
      const place = rng.pick(places);
      const hostile = rng.pick(hostileValues(place.schema, place.name, hints, rng));
      return {
        label: `body ${fieldName(place.path)} = ${hostile.label}`, kind: hostile.kind, touches: String(place.path[0]),
        apply: (d) => withPayload(d, { kind: 'json', value: setAt(jsonValue(d), place.path, hostile.value) }),
      };
    }]);
    out.push([8, () => {
      const place = rng.pick(places);
      return {
        label: `body without ${fieldName(place.path)}`, kind: 'missing', touches: String(place.path[0]),
        apply: (d) => withPayload(d, { kind: 'json', value: deleteAt(jsonValue(d), place.path) }),
      };
    }]);
  }
  out.push([8, () => {
    const objects = [[] as JsonPath, ...places.filter((p) => typeOf(p.schema) === 'object').map((p) => p.path)];
    const at = rng.pick(objects);
    const extra = rng.pick(EXTRA_FIELDS);
    const extraValue = rng.pick<unknown>([1, hints.ids[0] ?? 1, 'admin', true, null, { polluted: true }, 'a\u0000b']);
    return {
      label: `body with an extra field ${fieldName([...at, extra])} = ${JSON.stringify(extraValue)}`, kind: extraValue === 'a\u0000b' ? 'nul' : 'extra',
      touches: at.length > 0 ? String(at[0]) : extra,
      apply: (d) => withPayload(d, { kind: 'json', value: setAt(jsonValue(d), [...at, extra], extraValue) }),
    };
  }]);
  out.push([6, () => {
    const shapes: [string, Payload][] = [
      ['null', { kind: 'json', value: null }],
      ['an array of the body', { kind: 'json', value: [value] }],
      ['a string', { kind: 'json', value: 'text' }],
      ['a number', { kind: 'json', value: 42 }],
      ['{}', { kind: 'json', value: {} }],
      ['malformed JSON', { kind: 'text', text: '{"title": ', contentType: 'application/json' }],
      ['an empty JSON body', { kind: 'text', text: '', contentType: 'application/json' }],
      ['JSON as text/plain', { kind: 'text', text: JSON.stringify(value), contentType: 'text/plain' }],
      ['JSON with no content type', { kind: 'text', text: JSON.stringify(value), contentType: null }],
      ['JSON in latin-1', { kind: 'text', text: JSON.stringify(value), contentType: 'application/json; charset=iso-8859-1' }],
      ['a form', { kind: 'text', text: 'title=x&team_id=1', contentType: 'application/x-www-form-urlencoded' }],
      ['a text/csv body', { kind: 'text', text: 'a,b\n1,2\n', contentType: 'text/csv' }],
      ['multipart without a boundary', { kind: 'text', text: 'x', contentType: 'multipart/form-data' }],
      ['a multipart file', { kind: 'file', field: 'file', filename: 'x.json', bytes: new TextEncoder().encode(JSON.stringify(value)), type: 'application/json' }],
      ['duplicate keys', { kind: 'text', text: '{"name":"a","name":"b\\u0000","id":1,"id":"x"}', contentType: 'application/json' }],
    ];
    const [label, payload] = rng.pick(shapes);
    return { label: `the body is ${label}`, kind: label.includes('content type') || label.includes('text/') || label.includes('form') || label.includes('multipart') ? 'content-type' : 'body-shape', apply: (d) => withPayload(d, payload) };
  }]);
  return out;
}

function uploadMutations(draft: Draft, rng: Rng): [number, () => Mutation][] {
  if (draft.payload.kind !== 'file') return [];
  const file = (change: Partial<Extract<Payload, { kind: 'file' }>>) => (d: Draft) =>
    withPayload(d, { ...(d.payload.kind === 'file' ? d.payload : { kind: 'file', field: 'file', filename: 'x', bytes: new Uint8Array(), type: 'application/octet-stream' }), ...change });
  const changes: [string, MutationKind, (d: Draft) => Draft][] = [
    ['a NUL in the file name', 'nul', file({ filename: 'me\u0000.png' })],
    ['a lone surrogate in the file name', 'surrogate', file({ filename: 'me\ud800.png' })],
    ['control characters in the file name', 'control', file({ filename: 'me\u0001\u001b.png' })],
    ['a quote and a line break in the file name', 'control', file({ filename: 'me"\r\nx: y.png' })],
    ['a path as the file name', 'edge-text', file({ filename: '../../../etc/passwd' })],
    ['a 1,000-character file name', 'long', file({ filename: `${'x'.repeat(1000)}.png` })],
    ['an empty file name', 'edge-text', file({ filename: '' })],
    ['the wrong field', 'upload', file({ field: 'wrong' })],
    ['an empty file', 'upload', file({ bytes: new Uint8Array() })],
    ['a text file', 'upload', file({ bytes: new TextEncoder().encode('hello\u0000world'), type: 'text/plain' })],
    ['a PNG header only', 'upload', file({ bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) })],
    ['random bytes', 'upload', file({ bytes: Uint8Array.from({ length: 4096 }, (_v, i) => (i * 131 + 7) % 256) })],
    ['a type of text/html', 'upload', file({ type: 'text/html' })],
    ['extra form fields', 'upload', file({ fields: [['user_id', '1'], ['name', 'a\u0000b']] })],
    ['a JSON body instead', 'content-type', (d) => withPayload(d, { kind: 'json', value: {} })],
    ['no body', 'content-type', (d) => withPayload(d, { kind: 'none' })],
    ['multipart without a boundary', 'content-type', (d) => withPayload(d, { kind: 'text', text: 'x', contentType: 'multipart/form-data' })],
    ['a broken multipart body', 'content-type', (d) => withPayload(d, { kind: 'text', text: '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nxx', contentType: 'multipart/form-data; boundary=b' })],
  ];
  return [[30, () => {
    const [label, kind, apply] = rng.pick(changes);
    return { label: `upload with ${label}`, kind, apply };
  }]];
}

function urlMutations(op: Operation, hints: FuzzHints, rng: Rng): [number, () => Mutation][] {
  const out: [number, () => Mutation][] = [];
  if (op.pathParams.length > 0) {
    out.push([20, () => {
      const param = rng.pick(op.pathParams);
      const hostile = rng.pick(segmentHostiles(param.schema, param.name, hints, rng));
      return {
        label: `path ${param.name} = ${hostile.label}`, kind: hostile.kind,
        apply: (d) => ({ ...cloneDraft(d), path: { ...d.path, [param.name]: hostile.raw.join(',') } }),
      };
    }]);
  }
  if (op.queryParams.length > 0) {
    out.push([20, () => {
      const param = rng.pick(op.queryParams);
      const hostile = rng.pick(segmentHostiles(param.schema, param.name, hints, rng));
      return {
        label: `query ${param.name} = ${hostile.label}`, kind: hostile.kind,
        apply: (d) => ({ ...cloneDraft(d), query: [...d.query.filter(([k]) => k !== param.name), ...hostile.raw.map((r) => [param.name, r] as [string, string])] }),
      };
    }]);
    out.push([5, () => {
      const param = rng.pick(op.queryParams);
      const shapes: [string, MutationKind, (q: [string, string][]) => [string, string][]][] = [
        ['twice', 'repeated', (q) => [...q, [param.name, '1'], [param.name, '2']]],
        ['as name[]', 'repeated', (q) => [...q.filter(([k]) => k !== param.name), [`${param.name}[]`, '1']]],
        ['as name[key]', 'repeated', (q) => [...q.filter(([k]) => k !== param.name), [`${param.name}[__proto__]`, '1']]],
        ['missing', 'missing', (q) => q.filter(([k]) => k !== param.name)],
        ['with no value', 'missing', (q) => [...q.filter(([k]) => k !== param.name), [param.name, '']]],
      ];
      const [label, kind, change] = rng.pick(shapes);
      return { label: `query ${param.name} ${label}`, kind, apply: (d) => ({ ...cloneDraft(d), query: change(d.query) }) };
    }]);
  }
  out.push([4, () => {
    const extra = rng.pick(['fuzz_extra', 'user_id', 'role_id', 'limit', '__proto__', 'constructor', 'a%00b', '%ED%A0%80']);
    const raw = rng.pick(['1', '-1', '%00', '2147483648', 'x'.repeat(3000)]);
    return {
      label: `an extra query parameter ${extra}=${raw.slice(0, 20)}`, kind: /%00/.test(extra + raw) ? 'nul' : /%ED/.test(extra) ? 'surrogate' : 'extra',
      apply: (d) => ({ ...cloneDraft(d), query: [...d.query, [extra, raw]] }),
    };
  }]);
  return out;
}

/** One mutation for the draft, weighted toward the places this operation has. */
export function pickMutation(op: Operation, draft: Draft, hints: FuzzHints, rng: Rng): Mutation {
  const candidates: [number, () => Mutation][] = [
    [10, () => ({ label: 'a well-formed request', kind: 'valid', apply: cloneDraft })],
    ...urlMutations(op, hints, rng),
    ...(draft.payload.kind === 'file' ? uploadMutations(draft, rng) : []),
    ...(draft.payload.kind === 'json' || (op.body && draft.payload.kind === 'none') ? bodyMutations(op, draft, hints, rng) : []),
  ];
  const total = candidates.reduce((sum, [w]) => sum + w, 0);
  let roll = rng.next() * total;
  for (const [weight, make] of candidates) {
    roll -= weight;
    if (roll < 0) return make();
  }
  return candidates[0][1]();
}
