import { operationsOf, type Operation } from './fuzz/operations';
import { Rng } from './fuzz/random';
import { validValue } from './fuzz/schema-values';

// Every GET operation of a hub's own OpenAPI document (GET /api/docs), called as one
// caller, for the rolling-upgrade test: a route of that release is walked without anyone listing it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document of another release; operationsOf reads what it needs
export type OpenApiDocument = any;

export interface GetRequest {
  path: string;
  query?: Record<string, string>;
}

export interface GetAnswer {
  /** 'GET /api/objective/:id' */
  key: string;
  url: string;
  status: number;
  /** the start of the body, for a failure report */
  excerpt: string;
}

export function getOperations(doc: OpenApiDocument): Operation[] {
  return operationsOf(doc).filter((op) => op.method === 'GET');
}

/** A request from the operation's schemas alone: valid path and required query values, ids from `ids`. */
export function requestFromSchema(op: Operation, ids: readonly number[]): GetRequest {
  const rng = new Rng(1).fork(op.key);
  let path = op.template;
  for (const param of op.pathParams) path = path.replace(`{${param.name}}`, encodeURIComponent(String(validValue(param.schema, rng, { ids }, param.name))));
  const query = Object.fromEntries(op.queryParams.filter((p) => p.required).map((p) => [p.name, String(validValue(p.schema, rng, { ids }, p.name))]));
  return { path, query };
}

/**
 * One GET. An event stream answers its headers and then stays open: its status is all there is
 * to compare, so the connection is dropped once the headers are in.
 */
export async function callGet(base: string, key: string, request: GetRequest, token?: string): Promise<GetAnswer> {
  const query = request.query && Object.keys(request.query).length > 0 ? `?${new URLSearchParams(request.query)}` : '';
  const url = `${request.path}${query}`;
  const abort = new AbortController();
  const response = await fetch(`${base}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: abort.signal, redirect: 'manual' });
  let excerpt = '';
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) abort.abort();
  else excerpt = (await response.text()).slice(0, 200);
  return { key, url, status: response.status, excerpt };
}

/** Calls every request a few at a time (one hub, a handful of pooled connections). */
export async function callAll(base: string, requests: Array<{ key: string; request: GetRequest }>, token?: string, width = 4): Promise<GetAnswer[]> {
  const answers: GetAnswer[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      answers[i] = await callGet(base, requests[i].key, requests[i].request, token);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return answers;
}
