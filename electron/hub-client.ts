import { EventEmitter } from 'node:events';
import axios, { AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { camelize, snakify, toCamelKey } from '../shared/api/case';
import { HubError, SERVER_ERROR_MESSAGE, UNREACHABLE_MESSAGE, type HubErrorShape } from '../shared/api/hub-error';
import { loginResultSchema, meResponseSchema } from '../shared/api/auth';
import { CLIENT_HEADER } from '../shared/api/sessions';
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

export interface HubClientOptions {
  /** Resolves once the hub can be asked (the embedded hub may still be starting). */
  resolveTarget: () => Promise<HubTarget>;
  tokens: TokenStore;
  timeoutMs?: number;
  /** names the app in the hub's Settings → Sessions list (issue 18), e.g. 'Bitstone Hub desktop 1.2.0 (linux)' */
  userAgent?: string;
}

type HubClientEvents = { 'session-ended': [] };

const SIGNED_OUT: SessionState = { signedIn: false, user: null, firstLogin: false, passwordMustChange: false };
const meSchema = meResponseSchema.shape.data;

/**
 * The desktop transport's other half (design §1): base URL, bearer token, snake⇄camel, `data`
 * unwrap and one error shape. Emits 'session-ended' on any 401 so main can tell the window.
 * A class because it owns the axios instance and the listeners.
 */
export class HubClient extends EventEmitter<HubClientEvents> {
  private readonly http: AxiosInstance;

  constructor(private readonly options: HubClientOptions) {
    super();
    this.http = axios.create({
      timeout: options.timeoutMs ?? 30_000,
      // Repeated keys (`team=1&team=2`), which Fastify's query parser reads as an array.
      paramsSerializer: { indexes: null },
      // We read every status ourselves so a 4xx is an answer, not an exception from axios.
      validateStatus: () => true,
      maxRedirects: 0,
      // issue 18: the hub records this session as the desktop app's (Settings → Sessions)
      headers: { [CLIENT_HEADER]: 'desktop', ...(options.userAgent ? { 'User-Agent': options.userAgent } : {}) },
    });
  }

  /** One API call; resolves with the camelized `data`, rejects with a HubError. */
  async request<T = unknown>(req: HubRequest, opts: { endSessionOn401?: boolean } = {}): Promise<T> {
    const response = await this.send(req, 'json', opts.endSessionOn401 ?? true);
    const body = camelize(response.data);
    if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
    return (body ?? null) as T;
  }

  /** The bytes of a hub answer (exports, pictures) for the save dialog. */
  async download(path: string): Promise<HubDownload> {
    const response = await this.send({ method: 'GET', path }, 'arraybuffer', true);
    const contentType = headerValue(response.headers['content-type']);
    return {
      bytes: new Uint8Array(response.data as ArrayBuffer),
      contentType,
      fileName: fileNameFromDisposition(headerValue(response.headers['content-disposition'])),
    };
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
    const response = await this.send({ method: upload.method, path: upload.path }, 'json', true, form);
    const body = camelize(response.data);
    if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
    return (body ?? null) as T;
  }

  /** A picture the hub serves (GET): only image/* answers, at most 5 MB. */
  async image(path: string): Promise<{ contentType: string; bytes: Uint8Array }> {
    const response = await this.send({ method: 'GET', path }, 'arraybuffer', true, undefined, MAX_FILE_BYTES);
    const contentType = (headerValue(response.headers['content-type']) ?? '').split(';')[0].trim().toLowerCase();
    if (!/^image\/[\w.+-]+$/.test(contentType)) {
      throw new HubError({ status: 415, serverError: false, errors: [{ message: 'The hub did not answer with a picture.' }] });
    }
    const bytes = new Uint8Array(response.data as ArrayBuffer);
    if (bytes.byteLength > MAX_FILE_BYTES) throw tooLarge();
    return { contentType, bytes };
  }

  /** Signs in and keeps the token in main; the answer carries no token (issue 4). */
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

  private async send(req: HubRequest, responseType: 'json' | 'arraybuffer', endSessionOn401: boolean, form?: FormData, maxBytes?: number): Promise<AxiosResponse> {
    const target = await this.options.resolveTarget();
    const url = apiUrl(target.url, req.path);
    const token = this.options.tokens.get(target.key);
    let response: AxiosResponse;
    try {
      response = await this.http.request({
        method: req.method,
        url,
        params: req.query ? compactQuery(snakify<Record<string, unknown>>(req.query)) : undefined,
        // a form goes as is: axios serializes it with its multipart boundary
        data: form ?? (req.body === undefined ? undefined : snakify(req.body)),
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          // axios would label an empty POST as a form; the hub accepts JSON or nothing (false = no header).
          ...(req.body === undefined && !form ? { 'Content-Type': false } : {}),
        },
        responseType,
        ...(maxBytes ? { maxContentLength: maxBytes } : {}),
      });
    } catch (error) {
      if (maxBytes && error instanceof AxiosError && /maxContentLength/i.test(error.message)) throw tooLarge();
      throw new HubError(unreachable(error));
    }
    if (response.status >= 200 && response.status < 300) return response;
    if (response.status === 401) {
      this.options.tokens.clear(target.key);
      if (endSessionOn401) this.emit('session-ended');
    }
    throw new HubError(errorShape(response.status, response.data));
  }
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

function unreachable(error: unknown): HubErrorShape {
  const timedOut = error instanceof AxiosError && error.code === 'ECONNABORTED';
  return { status: 0, serverError: true, errors: [{ message: timedOut ? 'The hub did not answer in time. Please try again.' : UNREACHABLE_MESSAGE }] };
}

function compactQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null));
}

function headerValue(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
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
