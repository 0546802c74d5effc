import type { Operation } from './operations';

// One request of the fuzz test before it is sent: who sends it, its path segments and query as
// they travel (percent-encoded, so invalid UTF-8 and %00 can be sent), and its body.

export type Role = 'admin' | 'member' | 'guest' | 'anonymous';

export type Payload =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  /** raw text; contentType null sends bytes with no content type at all */
  | { kind: 'text'; text: string; contentType: string | null }
  | { kind: 'file'; field: string; filename: string; bytes: Uint8Array; type: string; fields?: [string, string][] };

export interface Draft {
  role: Role;
  /** path parameter → segment as sent (percent-encoded) */
  path: Record<string, string>;
  /** [name, value] as sent (percent-encoded); a name twice is an array */
  query: [string, string][];
  payload: Payload;
}

/** Copies a JSON value, keeping own keys such as `__proto__` as plain properties. */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) Object.defineProperty(out, key, { value: cloneJson(child), enumerable: true, writable: true, configurable: true });
  return out as T;
}

export function cloneDraft(draft: Draft): Draft {
  const payload = draft.payload.kind === 'json' ? { kind: 'json' as const, value: cloneJson(draft.payload.value) } : { ...draft.payload };
  return { role: draft.role, path: { ...draft.path }, query: draft.query.map(([k, v]) => [k, v]), payload };
}

export function pathOf(op: Operation, draft: Draft): string {
  const path = op.template.replace(/\{(\w+)\}/g, (_m, name: string) => draft.path[name] ?? '');
  const query = draft.query.map(([k, v]) => `${k}=${v}`).join('&');
  return query ? `${path}?${query}` : path;
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

/** JSON with every non-ASCII or control character escaped, so a report shows what was sent. */
export function visibleJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'undefined').replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The request as a person replays it: method, path, content type and body. */
export function describeDraft(op: Operation, draft: Draft): string {
  const head = `${draft.role}: ${op.method} ${clip(pathOf(op, draft), 200)}`;
  const p = draft.payload;
  if (p.kind === 'json') return `${head}\n    application/json ${clip(visibleJson(p.value))}`;
  if (p.kind === 'text') return `${head}\n    ${p.contentType ?? '(no content type)'} ${clip(visibleJson(p.text))}`;
  if (p.kind === 'file') {
    return `${head}\n    multipart: ${p.field}=${visibleJson(p.filename)} (${p.type}, ${p.bytes.length} bytes)${p.fields ? ` fields ${visibleJson(p.fields)}` : ''}`;
  }
  return head;
}

export interface Answer {
  /** 0: no answer (the connection dropped or the time ran out) */
  status: number;
  contentType: string;
  body: unknown;
  /** why there was no answer */
  failure?: string;
}

const TIMEOUT_MS = 15_000;

/** Sends the draft; never throws: a dropped connection is an answer of status 0. */
export async function send(baseUrl: string, op: Operation, draft: Draft, token: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  const p = draft.payload;
  if (p.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(p.value);
  } else if (p.kind === 'text') {
    if (p.contentType !== null) headers['content-type'] = p.contentType;
    body = p.contentType === null ? new TextEncoder().encode(p.text) : p.text;
  } else if (p.kind === 'file') {
    const form = new FormData();
    for (const [name, value] of p.fields ?? []) form.append(name, value);
    form.append(p.field, new Blob([p.bytes as Uint8Array<ArrayBuffer>], { type: p.type }), p.filename);
    body = form;
  }
  try {
    const res = await fetch(`${baseUrl}${pathOf(op, draft)}`, { method: op.method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const contentType = res.headers.get('content-type') ?? '';
    // the notifications stream answers and stays open: its head is the whole answer here
    if (contentType.startsWith('text/event-stream')) {
      await res.body?.cancel();
      return { status: res.status, contentType, body: '' };
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = contentType.includes('json') || contentType.startsWith('text/') ? new TextDecoder().decode(bytes) : '';
    let parsed: unknown = text;
    if (contentType.includes('json') && text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: res.status, contentType, body: parsed };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, contentType: '', body: null, failure: `${(error as Error).name}: ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}` };
  }
}
