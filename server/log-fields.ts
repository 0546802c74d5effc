import type { FastifyServerOptions } from 'fastify';

// SECURITY.md 'Logging': no request value reaches the log, at any level. A request is logged by
// its method and route pattern (`/api/user/:id`), never its path, query, body or header values:
// the path itself can name a person (a username, a VPN file name). An error is logged by its kind
// (class, code, PostgreSQL's SQLSTATE and the constraint, table or column it names) and the
// frames of its stack, never its text: drizzle's DrizzleQueryError message carries the query's
// parameters, PostgreSQL's messages and `detail` quote the offending value ('invalid input syntax
// for type integer: "…"', 'Key (email)=(…) already exists'), Node's HTTP parser errors carry the
// raw request bytes, and even a JSON.parse SyntaxError quotes its input.

/** Fields of an error that name a kind or a place in the schema, never a value. */
const ERROR_KIND_FIELDS = ['severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'errno', 'syscall'] as const;
/** A code is kept only when it looks like one (SQLSTATE, FST_ERR_…, ECONNREFUSED), not like data. */
const CODE_SHAPE = /^[A-Za-z0-9_.-]{1,64}$/;
const STACK_FRAME = /^\s+at /;
const MAX_CAUSE_DEPTH = 3;

/** Where an error's message would be: log readers and tools expect the field. */
export const MESSAGE_NOT_LOGGED = '(not logged: it can quote the request)';

export interface LoggedError {
  type: string;
  message: string;
  /** the type, then the stack's frames */
  stack: string;
  code?: string | number;
  statusCode?: number;
  cause?: LoggedError;
  errors?: LoggedError[];
  [kindField: string]: unknown;
}

export interface LoggedRequest {
  method?: string;
  /** The route pattern that answered; absent when none did (a 404, a malformed URL). */
  route?: string;
  [field: string]: unknown;
}

function errorType(error: object): string {
  const constructor = (error as { constructor?: unknown }).constructor;
  return typeof constructor === 'function' && constructor.name ? constructor.name : Object.prototype.toString.call(error).slice(8, -1);
}

/** An error as the log may hold it: what kind it was and where it was thrown, never what it said. */
export function loggedError(error: unknown, depth = 0): LoggedError {
  if (error === null || typeof error !== 'object') {
    const type = error === null ? 'null' : typeof error;
    return { type, message: MESSAGE_NOT_LOGGED, stack: type };
  }
  const source = error as Record<string, unknown>;
  const type = errorType(error);
  const logged: LoggedError = { type, message: MESSAGE_NOT_LOGGED, stack: type };
  if ((typeof source.code === 'string' && CODE_SHAPE.test(source.code)) || typeof source.code === 'number') logged.code = source.code;
  if (typeof source.statusCode === 'number') logged.statusCode = source.statusCode;
  for (const field of ERROR_KIND_FIELDS) {
    const value = source[field];
    if ((typeof value === 'string' && CODE_SHAPE.test(value)) || typeof value === 'number') logged[field] = value;
  }
  if (typeof source.stack === 'string') {
    // the first lines are `${name}: ${message}` (several when the message has line breaks)
    const frames = source.stack.split('\n').filter((line) => STACK_FRAME.test(line));
    logged.stack = [type, ...frames].join('\n');
  }
  if (depth < MAX_CAUSE_DEPTH) {
    if (source.cause !== undefined) logged.cause = loggedError(source.cause, depth + 1);
    if (Array.isArray(source.errors)) logged.errors = source.errors.slice(0, 5).map((inner) => loggedError(inner, depth + 1));
  }
  return logged;
}

/** The hub passes a FastifyRequest; typed loosely as Fastify's logger types want a raw request. */
export function loggedRequest(request: { method?: string; routeOptions?: { url?: string } }): LoggedRequest {
  // a request Fastify refused before routing (frameworkErrors) has no routeOptions to read
  const route = request.routeOptions?.url;
  return route === undefined ? { method: request.method } : { method: request.method, route };
}

export function loggedResponse(reply: { statusCode: number }): { statusCode: number } {
  return { statusCode: reply.statusCode };
}

type LogMethod = (...args: unknown[]) => void;

/**
 * pino makes an error's message the line's message when the call gives none (`log.error(err)`,
 * `log.warn({ err })`, as Fastify itself does for a reply sent twice, whose message quotes the
 * URL). Such a call gets a fixed message instead; the error is still logged through `err`.
 */
function logWithoutErrorText(this: unknown, args: unknown[], method: LogMethod): void {
  const [first, second, ...rest] = args;
  if (first instanceof Error) {
    method.apply(this, [{ err: first }, typeof second === 'string' ? second : 'error', ...rest]);
  } else if (typeof second !== 'string' && first !== null && typeof first === 'object' && 'err' in first) {
    method.apply(this, [first, 'error', ...(second === undefined ? [] : [second]), ...rest]);
  } else {
    method.apply(this, args);
  }
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** What every hub logger is given, whatever its level and destination. */
export const LOG_FIELDS = {
  serializers: { req: loggedRequest, res: loggedResponse, err: loggedError },
  hooks: { logMethod: logWithoutErrorText },
} satisfies Pick<LoggerOptions, 'serializers' | 'hooks'>;
