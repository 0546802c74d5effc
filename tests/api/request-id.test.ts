import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../server/plugins/request-log';
import { openSseStream } from '../support/sse';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Every log line of a request carries its id, the proxy's X-Request-Id
// when the hub trusts its proxy (HUB_TRUST_PROXY=1) and the id is a plain token, else one of the
// hub's own; every answer sends it back, so a person's complaint is traced through nginx's log and
// the hub's.

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { route?: string };
  res?: { statusCode: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Every line of the hub's log, from debug up (each request's arrival too). */
function capturedLog() {
  const lines: string[] = [];
  return {
    lines,
    start: (trustProxy: boolean) => startTestHub({ trustProxy, logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } } }),
    parsed: () => lines.map((line) => JSON.parse(line) as LogLine),
  };
}

describe('behind a trusted proxy', () => {
  const capture = capturedLog();
  let hub: TestHub;
  let token: string;
  beforeAll(async () => {
    hub = await capture.start(true);
    const user = await createUser(hub.db, { username: 'traced.user' });
    token = (await hub.login(user.username, TEST_PASSWORD)).token;
  });
  afterAll(() => hub?.close());

  it('takes the proxy\'s id: the answer sends it back and each of the request\'s log lines carries it', async () => {
    const id = '5f0c2b9e8a7d4c3b2a1f0e9d8c7b6a59';
    const res = await hub.get('/api/auth/me', { token, headers: { [REQUEST_ID_HEADER]: id } });
    expect(res.status).toBe(200);
    expect(res.headers.get(REQUEST_ID_HEADER)).toBe(id);
    await settle();
    const mine = capture.parsed().filter((line) => line.reqId === id);
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[1]).toMatchObject({ req: { route: '/api/auth/me' }, res: { statusCode: 200 } });
  });

  it('sends the id back on refusals, unknown paths, malformed paths and event streams too', async () => {
    const cases: Array<[string, string, number]> = [
      ['refused.401', '/api/auth/me', 401],
      ['unknown.404', '/api/no-such-path', 404],
      ['malformed.400', '/api/user/1%E0%A4%A', 400],
      ['web.404', '/no-such-page.txt', 404],
    ];
    for (const [id, path, status] of cases) {
      const res = await hub.get(path, { headers: { [REQUEST_ID_HEADER]: id } });
      expect(res.status, path).toBe(status);
      expect(res.headers.get(REQUEST_ID_HEADER), path).toBe(id);
    }
    const stream = openSseStream(hub.url, token, { headers: { [REQUEST_ID_HEADER]: 'stream-1' } });
    try {
      const opened = await stream.response;
      expect(opened.headers.get('content-type')).toContain('text/event-stream');
      expect(opened.headers.get(REQUEST_ID_HEADER)).toBe('stream-1');
    } finally {
      stream.close();
    }
    await settle();
    const logged = capture.parsed();
    for (const [id] of cases) expect(logged.some((line) => line.reqId === id)).toBe(true);
  });

  it('replaces an id that is not a plain token (it could forge a log line or carry a value) with its own', async () => {
    const bad = ['x'.repeat(129), 'has space', 'quote"d', 'semi;colon', 'slash/id', 'ünïcode', '{"msg":"forged"}'];
    for (const id of bad) {
      const res = await hub.get('/api/health', { headers: { [REQUEST_ID_HEADER]: id } });
      const given = res.headers.get(REQUEST_ID_HEADER);
      expect(given, id).toMatch(UUID);
    }
    // the longest and the odd ones that are fine
    for (const id of ['x'.repeat(128), 'a', 'A-b_c.9']) {
      expect((await hub.get('/api/health', { headers: { [REQUEST_ID_HEADER]: id } })).headers.get(REQUEST_ID_HEADER)).toBe(id);
    }
    await settle();
    const log = capture.lines.join('');
    for (const id of bad) expect(log).not.toContain(JSON.stringify(id).slice(1, -1));
  });

  it('makes one up when the proxy sent none: a fresh UUID per request, in the answer and the log', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await hub.get('/api/health');
      const id = res.headers.get(REQUEST_ID_HEADER)!;
      expect(id).toMatch(UUID);
      ids.add(id);
    }
    expect(ids.size).toBe(3);
    await settle();
    for (const id of ids) expect(capture.parsed().some((line) => line.reqId === id && line.msg === 'request completed')).toBe(true);
  });
});

describe('without a trusted proxy', () => {
  const capture = capturedLog();
  let hub: TestHub;
  beforeAll(async () => {
    hub = await capture.start(false);
  });
  afterAll(() => hub?.close());

  it('ignores a client\'s X-Request-Id: anyone could send one, and two requests would share it', async () => {
    const res = await hub.get('/api/health', { headers: { [REQUEST_ID_HEADER]: 'chosen-by-client' } });
    expect(res.headers.get(REQUEST_ID_HEADER)).toMatch(UUID);
    await settle();
    expect(capture.lines.join('')).not.toContain('chosen-by-client');
  });
});
