import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOG_FIELDS, loggedError, MESSAGE_NOT_LOGGED } from './log-fields';

// An error reaches the log as its kind and stack frames, never its text.

/** What pg's DatabaseError looks like for a unique violation: the value is in the message's detail. */
function uniqueViolation(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
    name: 'error', severity: 'ERROR', code: '23505', detail: 'Key (lower(email))=(ana@example.com) already exists.', schema: 'public', table: 'users', constraint: 'users_email_unique', where: 'SQL statement "insert …"',
  });
}

class DrizzleQueryError extends Error {
  constructor(readonly query: string, readonly params: unknown[], cause: Error) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause });
  }
}

describe('loggedError', () => {
  it("keeps the class, SQLSTATE, the schema names and the stack's frames of a database error, and none of its text", () => {
    const error = new DrizzleQueryError('insert into "users" ("email") values ($1)', ['ana@example.com'], uniqueViolation());
    const logged = loggedError(error);
    expect(logged).toMatchObject({ type: 'DrizzleQueryError', cause: { type: 'Error', code: '23505', severity: 'ERROR', table: 'users', constraint: 'users_email_unique' } });
    expect(logged.stack).toMatch(/^DrizzleQueryError\n {4}at /);
    const text = JSON.stringify(logged);
    for (const leaked of ['ana@example.com', 'Failed query', 'params', 'duplicate key', 'Key (', 'SQL statement']) expect(text).not.toContain(leaked);
  });

  it('drops a code that does not look like one, and anything thrown that is not an object', () => {
    expect(loggedError(Object.assign(new TypeError('x'), { code: 'ana@example.com is taken' }))).not.toHaveProperty('code');
    expect(loggedError(Object.assign(new Error('x'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' }))).toMatchObject({ code: 'ECONNREFUSED', errno: -111, syscall: 'connect' });
    expect(loggedError('ana@example.com')).toEqual({ type: 'string', message: MESSAGE_NOT_LOGGED, stack: 'string' });
    expect(loggedError(null)).toEqual({ type: 'null', message: MESSAGE_NOT_LOGGED, stack: 'null' });
  });

  it('follows causes and aggregated errors a few levels deep', () => {
    const inner = new AggregateError([Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:5432'), { code: 'ECONNREFUSED' })], 'all failed');
    const logged = loggedError(new Error('outer', { cause: new Error('middle', { cause: inner }) }));
    expect(logged.cause?.cause).toMatchObject({ type: 'AggregateError', errors: [{ type: 'Error', code: 'ECONNREFUSED' }] });
    expect(JSON.stringify(logged)).not.toContain('10.0.0.1');
  });
});

describe('the log methods', () => {
  const capture = () => {
    const lines: Array<Record<string, unknown>> = [];
    // the hub's logger is Fastify's pino, given these fields (server/app.ts)
    const { log } = Fastify({ logger: { level: 'trace', ...LOG_FIELDS, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } } });
    return { log, lines };
  };

  it("never make an error's text the line's message", () => {
    const { log, lines } = capture();
    log.error(new Error('Reply was already sent for /api/user?search=ana'));
    log.warn({ err: new Error('invalid input syntax for type integer: "ana"') });
    log.debug(new Error('ana'), 'request failed');
    expect(lines.map((l) => l.msg)).toEqual(['error', 'error', 'request failed']);
    expect(lines.map((l) => (l.err as { type: string }).type)).toEqual(['Error', 'Error', 'Error']);
    expect(JSON.stringify(lines)).not.toContain('ana');
  });

  it('leave every other call as it was', () => {
    const { log, lines } = capture();
    log.info({ job: 'holidays', rows: 3 }, 'import %s succeeded', 'holidays');
    log.info('shutting down');
    expect(lines).toMatchObject([{ job: 'holidays', rows: 3, msg: 'import holidays succeeded' }, { msg: 'shutting down' }]);
  });
});
