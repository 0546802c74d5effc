import { EventEmitter } from 'node:events';
import { camelize, snakify, toCamelKey } from '../shared/api/case';
import { HubError, SERVER_ERROR_MESSAGE, UNREACHABLE_MESSAGE, type HubErrorShape } from '../shared/api/hub-error';
import { loginResultSchema, meResponseSchema } from '../shared/api/auth';
import { CLIENT_HEADER } from '../shared/api/sessions';
import { APP_VERSION_HEADER } from '../shared/rules/app-compat';
import type { ApiError } from '../shared/api/common';
import type { SessionState } from '../shared/ipc';
import type { TokenStore } from './token-store';

/** Where requests go: `key` names the hub for the token store, `url` is its current address. */
export interface HubTarget {
  /** 'embedded' for the built-in hub (its port changes every start), else the hub URL */
  key: string;
  url: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HubRequest {
  method: HttpMethod;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** docs/api.md 'Idempotency keys': sent as Idempotency-Key; a retry of a submit sends the same */
  idempotencyKey?: string;
}

export interface HubDownload {
  bytes: Uint8Array;
  contentType: string | null;
  /** from Content-Disposition, when the hub names the file */
  fileName: string | null;
}

export interface HubUpload {
  method: 'PUT' | 'POST';
  path: string;
  fieldName: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  /** plain form fields sent beside the file, as named on the wire */
  fields?: Record<string, string>;
}

/** design §3 (Files): the hub's multipart limit, also the most main reads of a picture. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** The fetch that carries the requests: Electron's net.fetch in main, Node's fetch in tests. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface HubClientOptions {
  /**
   * net.fetch in main: Chromium's network stack, so the operating system's proxy settings and
   * certificate store apply, as a company network with a proxy or its own CA needs.
   */
  fetch: Fetch;
  /** Resolves once the hub can be asked (the embedded hub may still be starting). */
  resolveTarget: () => Promise<HubTarget>;
  tokens: TokenStore;
  timeoutMs?: number;
  /** names the app in the hub's Settings → Sessions list, e.g. 'Bitstone Hub desktop 1.2.0 (linux)' */
  userAgent?: string;
  /** the app's version, sent on every call so a hub that no longer serves it says so (426) */
  appVersion?: string;
}

type HubClientEvents = { 'session-ended': [] };

const SIGNED_OUT: SessionState = { signedIn: false, user: null, firstLogin: false, passwordMustChange: false };
const meSchema = meResponseSchema.shape.data;

/**
 * The desktop transport's other half (design §1): base URL, bearer token, snake⇄camel, `data`
 * unwrap and one error shape. Emits 'session-ended' on any 401 so main can tell the window.
 * A class because it owns the listeners.
 */
export class HubClient extends EventEmitter<HubClientEvents> {
  constructor(private readonly options: HubClientOptions) {
    super();
  }

  /** One API call; resolves with the camelized `data`, rejects with a HubError. */
  async request<T = unknown>(req: HubRequest, opts: { endSessionOn401?: boolean } = {}): Promise<T> {
    return this.send(req, readData<T>, opts.endSessionOn401 ?? true);
  }

  /** The bytes of a hub answer (exports, pictures) for the save dialog. */
  async download(path: string): Promise<HubDownload> {
    return this.send({ method: 'GET', path }, async (response) => ({
      bytes: new Uint8Array(await response.arrayBuffer()),
      contentType: response.headers.get('content-type'),
      fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
    }), true);
  }

  /**
   * A multipart upload built here with the token (the renderer has neither): the same answer,
   * error shape and 401 handling as request().
   */
  async upload<T = unknown>(upload: HubUpload): Promise<T> {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields ?? {})) form.append(name, value);
    // the file last: the hub reads the fields that come before it
    form.append(upload.fieldName, new Blob([upload.bytes as Uint8Array<ArrayBuffer>], { type: upload.contentType }), upload.fileName);
    return this.send({ method: upload.method, path: upload.path }, readData<T>, true, form);
  }

  /** A picture the hub serves (GET): only image/* answers, at most 5 MB. */
  async image(path: string): Promise<{ contentType: string; bytes: Uint8Array }> {
    return this.send({ method: 'GET', path }, async (response) => {
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
      if (!/^image\/[\w.+-]+$/.test(contentType)) {
        await response.body?.cancel();
        throw new HubError({ status: 415, serverError: false, errors: [{ message: 'The hub did not answer with a picture.' }] });
      }
      return { contentType, bytes: await readAtMost(response, MAX_FILE_BYTES) };
    }, true);
  }

  /** Signs in and keeps the token in main; the answer carries no token. */
  async login(username: string, password: string): Promise<SessionState> {
    const target = await this.options.resolveTarget();
    // A wrong password is a 401 too, but no session existed, so nothing "ends".
    const raw = await this.request<unknown>({ method: 'POST', path: '/auth/login', body: { username, password } }, { endSessionOn401: false });
    const result = loginResultSchema.safeParse(raw);
    if (!result.success) throw malformedAnswer();
    this.options.tokens.set(target.key, result.data.accessToken);
    return { signedIn: true, user: result.data.user, firstLogin: result.data.firstLogin, passwordMustChange: result.data.passwordMustChange };
  }

  /** Revokes the session on the hub; the local token goes even if the hub cannot be reached. */
  async logout(): Promise<void> {
    const target = await this.options.resolveTarget();
    try {
      if (this.options.tokens.get(target.key)) await this.request({ method: 'POST', path: '/auth/logout' }, { endSessionOn401: false });
    } catch (error) {
      if (!(error instanceof HubError) || error.status !== 401) throw error;
    } finally {
      this.options.tokens.clear(target.key);
    }
  }

  /** Signed-in state for the renderer at start: a stored token that the hub still accepts. */
  async state(): Promise<SessionState> {
    const target = await this.options.resolveTarget();
    if (!this.options.tokens.get(target.key)) return SIGNED_OUT;
    try {
      // The answer itself says "signed out", so a stale token is not a "session ended" event.
      const raw = await this.request<unknown>({ method: 'GET', path: '/auth/me' }, { endSessionOn401: false });
      const me = meSchema.safeParse(raw);
      if (!me.success) throw malformedAnswer();
      return { signedIn: true, user: me.data.user, firstLogin: me.data.firstLogin, passwordMustChange: me.data.passwordMustChange };
    } catch (error) {
      if (error instanceof HubError && error.status === 401) return SIGNED_OUT;
      throw error;
    }
  }

  /**
   * One exchange with the hub: `read` takes a 2xx answer's body, within the same time limit as the
   * request; anything else becomes a HubError.
   */
  private async send<T>(req: HubRequest, read: (response: Response) => Promise<T>, endSessionOn401: boolean, form?: FormData): Promise<T> {
    const target = await this.options.resolveTarget();
    const url = withQuery(apiUrl(target.url, req.path), req.query);
    const token = this.options.tokens.get(target.key);
    const headers: Record<string, string> = {
      // the hub records this session as the desktop app's (Settings → Sessions)
      [CLIENT_HEADER]: 'desktop',
      ...(this.options.userAgent ? { 'User-Agent': this.options.userAgent } : {}),
      ...(this.options.appVersion ? { [APP_VERSION_HEADER]: this.options.appVersion } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(req.idempotencyKey ? { 'Idempotency-Key': req.idempotencyKey } : {}),
      // the hub accepts JSON or nothing; a form gets its multipart type and boundary from fetch
      ...(req.body !== undefined && !form ? { 'Content-Type': 'application/json' } : {}),
    };
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.options.timeoutMs ?? 30_000);
    try {
      let response: Response;
      try {
        response = await this.options.fetch(url, {
          method: req.method,
          headers,
          body: form ?? (req.body === undefined ? undefined : JSON.stringify(snakify(req.body))),
          // the token goes to the hub only, never along a redirect to somewhere else
          redirect: 'manual',
          signal: timeout.signal,
        });
      } catch {
        throw new HubError(unreachable(timeout.signal.aborted));
      }
      if (response.status >= 200 && response.status < 300) {
        try {
          return await read(response);
        } catch (error) {
          if (error instanceof HubError) throw error;
          throw new HubError(timeout.signal.aborted ? unreachable(true) : { status: 502, serverError: true, errors: [{ message: SERVER_ERROR_MESSAGE }] });
        }
      }
      if (response.status === 401) {
        this.options.tokens.clear(target.key);
        if (endSessionOn401) this.emit('session-ended');
      }
      throw new HubError(errorShape(response.status, await response.text().catch(() => '')));
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A JSON answer, camelized, with the `data` envelope taken off; an empty body is null. */
async function readData<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the text itself
  }
  const camel = camelize(body);
  if (camel && typeof camel === 'object' && 'data' in camel) return (camel as { data: T }).data;
  return (camel ?? null) as T;
}

/** The body's bytes, refusing more than `max` as soon as the answer says or shows so. */
async function readAtMost(response: Response, max: number): Promise<Uint8Array> {
  if (Number(response.headers.get('content-length') ?? 0) > max) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > max) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * The query in snake_case, without empty values; arrays as repeated keys (`team_id=1&team_id=2`),
 * which Fastify's query parser reads as an array.
 */
function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  if (!query) return url;
  const full = new URL(url);
  for (const [key, value] of Object.entries(snakify<Record<string, unknown>>(query))) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) full.searchParams.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  return full.toString();
}

/**
 * The full URL of an API path, refusing anything that would leave `<hub>/api/` (a '//host' path,
 * or dot segments encoded as %2e that the URL parser resolves): the token only goes to the hub.
 */
export function apiUrl(hubUrl: string, path: string): string {
  const base = new URL(hubUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (!path.startsWith('/') || path.startsWith('//')) throw badPath();
  const url = new URL(`${base.origin}${basePath}/api${path}`);
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/api/`)) throw badPath();
  return url.toString();
}

/** Turns any failed answer into the one error shape (design §4); 5xx bodies are never shown. */
export function errorShape(status: number, data: unknown): HubErrorShape {
  if (status >= 500) return { status, serverError: true, errors: [{ message: SERVER_ERROR_MESSAGE }] };
  const errors = parseErrors(data);
  return { status, serverError: false, errors: errors.length ? errors : [{ message: `HTTP error! Status: ${status}` }] };
}

function parseErrors(data: unknown): ApiError[] {
  let body = data;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) body = new TextDecoder().decode(body as ArrayBuffer);
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return []; // an HTML error page from a proxy: no message worth showing
    }
  }
  if (!body || typeof body !== 'object' || !Array.isArray((body as { errors?: unknown }).errors)) return [];
  return ((body as { errors: unknown[] }).errors)
    .filter((e): e is { message: string; field?: unknown } => !!e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string')
    .map((e) => (typeof e.field === 'string' ? { message: e.message, field: toCamelField(e.field) } : { message: e.message }));
}

// Forms name their fields in camelCase; the hub names them as on the wire.
const toCamelField = (field: string) => field.split('.').map(toCamelKey).join('.');

function unreachable(timedOut: boolean): HubErrorShape {
  return { status: 0, serverError: true, errors: [{ message: timedOut ? 'The hub did not answer in time. Please try again.' : UNREACHABLE_MESSAGE }] };
}

function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : null;
}

function badPath(): HubError {
  return new HubError({ status: 400, serverError: false, errors: [{ message: 'Invalid path', field: 'path' }] });
}

function tooLarge(): HubError {
  return new HubError({ status: 413, serverError: false, errors: [{ message: 'The picture is larger than 5 MB.' }] });
}

function malformedAnswer(): HubError {
  return new HubError({ status: 502, serverError: true, errors: [{ message: SERVER_ERROR_MESSAGE }] });
}
