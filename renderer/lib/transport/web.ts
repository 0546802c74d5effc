import { camelize, snakify, toSnakeKey } from '../../../shared/api/case';
import { errorBodySchema, CSRF_HEADER, type ApiError } from '../../../shared/api/common';
import { HubError, SERVER_ERROR_MESSAGE, UNREACHABLE_MESSAGE } from '../../../shared/api/hub-error';
import { loginResultSchema } from '../../../shared/api/auth';
import { IDEMPOTENCY_HEADER } from '../../../shared/api/idempotency';
import { listenerSet } from './listeners';
import type { HttpMethod, QueryParams, RequestOptions, Transport } from './types';

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** spec §7: GET appends query parameters; keys go out in snake_case, empty values are left out. */
export function buildQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const wireKey = toSnakeKey(key);
    if (Array.isArray(value)) for (const v of value) params.append(wireKey, String(v));
    else params.append(wireKey, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null; // a proxy's HTML error page: the status still tells what happened
  }
}

/** spec §8: 5xx rejects with the server-error flag; other failures with status and parsed errors. */
export function toHubError(status: number, body: unknown): HubError {
  const serverError = status >= 500;
  const parsed = errorBodySchema.safeParse(body);
  let errors: ApiError[] = parsed.success ? parsed.data.errors : [];
  if (errors.length === 0) errors = [{ message: serverError ? SERVER_ERROR_MESSAGE : `HTTP error! Status: ${status}` }];
  return new HubError({ status, serverError, errors });
}

export function unreachableError(): HubError {
  return new HubError({ status: 0, serverError: true, errors: [{ message: UNREACHABLE_MESSAGE }] });
}

/** design §4: every answer is `{ data }` with snake_case keys. */
export function unwrap(body: unknown): unknown {
  const camel = camelize<unknown>(body);
  if (camel && typeof camel === 'object' && 'data' in camel) return (camel as { data: unknown }).data;
  return camel;
}

export function createWebTransport(options: { fetch?: FetchLike; base?: string } = {}): Transport {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const base = options.base ?? '/api';
  const unauthorized = listenerSet();
  const unreachable = listenerSet();

  async function send(method: HttpMethod, path: string, opts: RequestOptions, announce401: boolean, form?: FormData): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', [CSRF_HEADER]: '1' };
    if (opts.idempotencyKey) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
    let body: string | FormData | undefined;
    // a form sets its own multipart content type (with the boundary)
    if (form) body = form;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(snakify(opts.body));
    }
    let res: Response;
    try {
      // same-origin: the HttpOnly session cookie goes with every call; scripts never see it
      res = await doFetch(`${base}${path}${buildQuery(opts.query)}`, { method, headers, body, credentials: 'same-origin' });
    } catch {
      unreachable.emit();
      throw unreachableError();
    }
    if (!res.ok) {
      const error = toHubError(res.status, await readJson(res));
      if (res.status === 401 && announce401) unauthorized.emit();
      throw error;
    }
    return res;
  }

  return {
    kind: 'web',
    async request(method, path, opts = {}) {
      const res = await send(method, path, opts, true);
      return res.status === 204 ? null : unwrap(await readJson(res));
    },
    async signIn(credentials) {
      // A wrong password is a 401 too, but it is the form's error, not a session ending.
      const res = await send('POST', '/auth/login', { body: credentials }, false);
      const result = loginResultSchema.parse(unwrap(await readJson(res)));
      // The access token is dropped on purpose: in the browser the HttpOnly cookie is the session.
      return { user: result.user, firstLogin: result.firstLogin, passwordMustChange: result.passwordMustChange };
    },
    async signOut() {
      try {
        await send('POST', '/auth/logout', {}, false);
      } catch {
        // ending the local session must not depend on the hub answering
      }
    },
    async download(hubPath, suggestedName) {
      try {
        const res = await send('GET', hubPath, {}, true);
        const url = URL.createObjectURL(await res.blob());
        const a = document.createElement('a');
        a.href = url;
        a.download = suggestedName;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
        return { status: 'saved' };
      } catch (error) {
        return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
    },
    async upload(method, path, input) {
      const form = new FormData();
      for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
      form.append(input.fieldName, input.file, input.fileName ?? fileNameOf(input.file));
      const res = await send(method, path, {}, true, form);
      return res.status === 204 ? null : unwrap(await readJson(res));
    },
    uploadFiles(path, input) {
      // fetch reports no upload progress; XMLHttpRequest does (the same cookie and CSRF header)
      return new Promise((resolve, reject) => {
        const form = new FormData();
        for (const file of input.files) form.append(input.fieldName, file, file.name);
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${base}${path}`);
        xhr.setRequestHeader('accept', 'application/json');
        xhr.setRequestHeader(CSRF_HEADER, '1');
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) input.onProgress?.(event.loaded, event.total);
        };
        xhr.onload = () => {
          let body: unknown = null;
          try {
            body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
          } catch {
            // a proxy's HTML error page: the status still tells what happened
          }
          if (xhr.status >= 200 && xhr.status < 300) return resolve(unwrap(body));
          if (xhr.status === 401) unauthorized.emit();
          reject(toHubError(xhr.status, body));
        };
        xhr.onerror = () => {
          unreachable.emit();
          reject(unreachableError());
        };
        xhr.send(form);
      });
    },
    async image(path) {
      const res = await send('GET', path, {}, true);
      return res.blob();
    },
    async savePagePdf() {
      // The browser's print dialog saves the PDF (under the document title); the page's print stylesheet lays it out.
      window.print();
      return { status: 'saved' };
    },
    onUnauthorized: unauthorized.add,
    onUnreachable: unreachable.add,
  };
}

export function fileNameOf(file: Blob): string {
  return typeof File !== 'undefined' && file instanceof File && file.name ? file.name : 'file';
}
