import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../../server/plugins/auth';
import { createSession } from '../../server/features/auth/sessions';
import { startTestHub, type TestHub, type WireBody } from '../support/hub';
import { resolveDemoIds } from './demo-ids';
import { ROUTE_EXPECTATIONS, type DemoIds, type SampleRequest } from './route-table-expectations';

// The bad-input and permission suites are generated from the hub's
// live route table, so a route added tomorrow is covered (or fails the classification check)
// without anyone remembering to write its tests.


let hub: TestHub;
let ids: DemoIds;
const tokens: Record<string, string> = {};
/** OpenAPI document of the same app: the JSON schema of each route's body and query. */
let doc: WireBody;

interface Route {
  method: string;
  url: string;
  key: string;
}
let apiRoutes: Route[];
let guarded: Route[];
let classified: Route[];

beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
  ids = await resolveDemoIds(hub);
  for (const who of ['admin', 'guest', 'member'] as const) tokens[who] = (await createSession(hub.db, ids.users[who])).token;
  doc = (await hub.get('/api/docs')).body;

  apiRoutes = hub.routes.filter((r) => r.url.startsWith('/api')).map((r) => ({ ...r, key: `${r.method} ${r.url}` }));
  guarded = apiRoutes.filter((r) => !PUBLIC_ROUTES.has(r.key));
  // an unclassified route fails the classification test; the other suites need its sample
  classified = guarded.filter((r) => expectationOf(r));
  // seeding the demo company takes a while on a loaded machine
}, 180_000);
afterAll(() => hub?.close());

// --- requests ---------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: WireBody;
}

async function call(method: string, path: string, options: { token?: string; raw?: string; form?: FormData; query?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.raw !== undefined) headers['content-type'] = 'application/json';
  const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const res = await fetch(`${hub.url}${path}${query}`, { method, headers, body: options.form ?? options.raw });
  const text = await res.text();
  let body: WireBody = text;
  if (res.headers.get('content-type')?.includes('json') && text) body = JSON.parse(text);
  return { status: res.status, body };
}

function sampleCall(method: string, sample: SampleRequest, token: string): Promise<Answer> {
  if (sample.file) {
    const form = new FormData();
    form.append(sample.file.field, new Blob([new Uint8Array(sample.file.bytes)], { type: sample.file.type }), sample.file.filename);
    return call(method, sample.path, { token, form, query: sample.query });
  }
  return call(method, sample.path, { token, query: sample.query, raw: sample.body === undefined ? undefined : JSON.stringify(sample.body) });
}

/** design §4: every refusal is `{ errors: [{ message, field? }] }` with a message a person can read. */
function isErrorBody(body: WireBody): boolean {
  return (
    typeof body === 'object' && body !== null && Array.isArray(body.errors) && body.errors.length > 0 &&
    body.errors.every((e: WireBody) => typeof e?.message === 'string' && e.message.length > 0)
  );
}

/** Runs the checks a few at a time: one hub, but several database connections on PostgreSQL. */
async function inParallel<T>(items: T[], check: (item: T) => Promise<void>, width = 6): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await check(items[next++]);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

// a few hundred requests per test on a shared, loaded machine
const SUITE_TIMEOUT = 180_000;

const describeAnswer = (label: string, a: Answer) => `${label} -> ${a.status} ${typeof a.body === 'string' ? a.body.slice(0, 120) : JSON.stringify(a.body).slice(0, 200)}`;

/** The route as the OpenAPI document names it: `:id` becomes `{id}`. */
function docOperation(route: Route): WireBody {
  const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
  return doc.paths?.[path]?.[route.method.toLowerCase()];
}

const expectationOf = (route: Route) => ROUTE_EXPECTATIONS[route.method === 'HEAD' ? `GET ${route.url}` : route.key];

// --- the suites ---------------------------------------------------------------------------------

describe('the route table', () => {
  it('is read from the live hub and every guarded route is classified in route-table-expectations.ts', () => {
    expect(guarded.length).toBeGreaterThan(60);
    // a HEAD twin of a public GET is not public itself: it gets the 401 check and nothing to classify
    const unclassified = guarded.filter((r) => !expectationOf(r) && !(r.method === 'HEAD' && PUBLIC_ROUTES.has(`GET ${r.url}`))).map((r) => r.key);
    expect(unclassified, 'new routes must be classified for the guest and member in route-table-expectations.ts').toEqual([]);
  });

  it('the public routes (auth plugin PUBLIC_ROUTES) answer without a session, never 401 or 5xx', async () => {
    const open = apiRoutes.filter((r) => PUBLIC_ROUTES.has(r.key));
    expect(open.map((r) => r.key)).toContain('POST /api/auth/login');
    for (const route of open) {
      const answer = await call(route.method, route.url, { raw: route.method === 'GET' || route.method === 'HEAD' ? undefined : '{}' });
      expect(answer.status, route.key).not.toBe(401);
      expect(answer.status, route.key).toBeLessThan(500);
    }
  });
});

describe('without a session', () => {
  it('every guarded route answers 401 with the error body, never 2xx or 5xx', async () => {
    const wrong: string[] = [];
    await inParallel(guarded, async (route) => {
      const path = route.url.replace(/:([A-Za-z_]+)/g, '1');
      const answer = await call(route.method, path, { raw: route.method === 'GET' || route.method === 'HEAD' ? undefined : '{}' });
      // HEAD answers carry no body by definition
      const shaped = route.method === 'HEAD' || isErrorBody(answer.body);
      if (answer.status !== 401 || !shaped) wrong.push(describeAnswer(route.key, answer));
      const stolen = await call(route.method, path, { token: 'not-a-real-token' });
      if (stolen.status !== 401) wrong.push(describeAnswer(`${route.key} (unknown token)`, stolen));
    });
    expect(wrong).toEqual([]);
  }, SUITE_TIMEOUT);
});

// --- bad input ----------------------------------------------------------------------------------

const GARBAGE_PARAMS = ['abc', '-1', '99999999999999999999', '..%2Fx', '..%2F..%2Fetc%2Fpasswd', '1.5', '%00', 'x'.repeat(2000)];
const GARBAGE_QUERY = ['abc', '-1', '99999999999999999999', 'x'.repeat(5000)];

/** A value of the wrong JSON type for a property's schema. */
function wrongType(schema: WireBody): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'string') return 12345;
  if (type === 'integer' || type === 'number') return 'abc';
  if (type === 'boolean') return 'maybe';
  if (type === 'array') return { not: 'an array' };
  if (type === 'object') return ['not', 'an', 'object'];
  return { unexpected: true };
}

/** Whether the schema names a type or a closed set, so 'abc' can never be a valid value. */
const isStrict = (schema: WireBody) => ['integer', 'number', 'boolean'].includes(schema?.type) || Array.isArray(schema?.enum);

describe('bad input as an admin (every right, so validation is what answers)', () => {
  it('garbage path parameters: 4xx with the error body, never 5xx', async () => {
    const probes: { label: string; method: string; path: string; raw?: string }[] = [];
    for (const route of classified.filter((r) => r.url.includes(':') && r.method !== 'HEAD')) {
      const sample = expectationOf(route).sample(ids, 'admin');
      const raw = sample.body === undefined ? undefined : JSON.stringify(sample.body);
      for (const garbage of GARBAGE_PARAMS) {
        const path = route.url.replace(/:([A-Za-z_]+)/g, garbage);
        probes.push({ label: `${route.method} ${path.slice(0, 80)}`, method: route.method, path, raw });
      }
      // a literal ../ is resolved by the client; the hub must still answer in its own shape
      probes.push({ label: `${route.key} with ../`, method: route.method, path: route.url.replace(/:([A-Za-z_]+)/, '../../x').replace(/:([A-Za-z_]+)/g, '1') });
    }
    const wrong: string[] = [];
    await inParallel(probes, async ({ label, method, path, raw }) => {
      const answer = await call(method, path, { token: tokens.admin, raw });
      if (answer.status < 400 || answer.status >= 500 || !isErrorBody(answer.body)) wrong.push(describeAnswer(label, answer));
    });
    expect(probes.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, SUITE_TIMEOUT);

  it('garbage query values: never 5xx; typed and enum parameters refuse them with 400 naming the field', async () => {
    const probes: { label: string; path: string; query?: Record<string, string>; typed?: string }[] = [];
    for (const route of classified.filter((r) => r.method === 'GET')) {
      const parameters: WireBody[] = (docOperation(route)?.parameters ?? []).filter((p: WireBody) => p.in === 'query');
      const sample = expectationOf(route).sample(ids, 'admin');
      for (const parameter of parameters) {
        for (const garbage of GARBAGE_QUERY) {
          const typed = garbage === 'abc' && isStrict(parameter.schema) ? (parameter.name as string) : undefined;
          probes.push({ label: `GET ${sample.path}?${parameter.name}=${garbage.slice(0, 20)}`, path: sample.path, query: { ...sample.query, [parameter.name]: garbage }, typed });
        }
        // a repeated key arrives as an array where one value is expected
        probes.push({ label: `GET ${sample.path}?${parameter.name} twice`, path: `${sample.path}?${parameter.name}=1&${parameter.name}=2` });
      }
    }
    const wrong: string[] = [];
    await inParallel(probes, async ({ label, path, query, typed }) => {
      const answer = await call('GET', path, { token: tokens.admin, query });
      if (answer.status >= 500 || (answer.status >= 400 && !isErrorBody(answer.body))) wrong.push(describeAnswer(label, answer));
      else if (typed && (answer.status !== 400 || !answer.body.errors.some((e: WireBody) => e.field === typed))) wrong.push(describeAnswer(`${label} (typed)`, answer));
    });
    expect(probes.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, SUITE_TIMEOUT);

  it('bad JSON bodies (malformed, null, arrays, wrong types, huge strings): 4xx with the error body, never 5xx', async () => {
    const probes: { label: string; method: string; path: string; query?: Record<string, string>; token: string; raw: string }[] = [];
    for (const route of classified.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))) {
      const schema = docOperation(route)?.requestBody?.content?.['application/json']?.schema;
      if (!schema) continue;
      const expectation = expectationOf(route);
      const sample = expectation.sample(ids, 'admin');
      const token = expectation.ownSession || expectation.endsOtherSessions ? (await createSession(hub.db, ids.users.admin)).token : tokens.admin;
      const properties: Record<string, WireBody> = schema.properties ?? {};
      const valid = (sample.body ?? {}) as Record<string, unknown>;
      const bodies: [string, string][] = [
        ['malformed', '{"title": '],
        ['null', 'null'],
        ['an array', JSON.stringify([valid])],
        ['a string', JSON.stringify('text')],
        ['a number', '42'],
        ['deeply nested', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ];
      if ((schema.required ?? []).length > 0) bodies.push(['{}', '{}']);
      for (const [name, property] of Object.entries(properties)) {
        bodies.push([`${name} of the wrong type`, JSON.stringify({ ...valid, [name]: wrongType(property) })]);
        if (property?.type === 'string') {
          // past the schema's own limit, or far past anything a person types when it has none
          const length = typeof property.maxLength === 'number' ? property.maxLength + 1 : 200_000;
          bodies.push([`${name} of ${length} characters`, JSON.stringify({ ...valid, [name]: 'x'.repeat(length) })]);
        }
      }
      for (const [label, raw] of bodies) probes.push({ label: `${route.key} with ${label}`, method: route.method, path: sample.path, query: sample.query, token, raw });
    }
    const wrong: string[] = [];
    await inParallel(probes, async ({ label, method, path, query, token, raw }) => {
      const answer = await call(method, path, { token, raw, query });
      if (answer.status < 400 || answer.status >= 500 || !isErrorBody(answer.body)) wrong.push(describeAnswer(label, answer));
    });
    expect(probes.length).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
  }, SUITE_TIMEOUT);
});

// --- permissions --------------------------------------------------------------------------------

describe.each(['guest', 'member'] as const)('as the %s', (who) => {
  it('each route answers as route-table-expectations.ts says: refusals are 403/404, never 2xx', async () => {
    const wrong: string[] = [];
    const check = async (route: Route) => {
      const expectation = expectationOf(route);
      const own = expectation.ownSession || expectation.endsOtherSessions;
      const token = own ? (await createSession(hub.db, ids.users[who])).token : tokens[who];
      const answer = await sampleCall(route.method, expectation.sample(ids, who), token);
      const outcome = expectation[who];
      const refusals = [403, 404, ...(expectation.refusedWith?.statuses ?? [])];
      if (outcome === 'refused' && (!refusals.includes(answer.status) || !isErrorBody(answer.body))) wrong.push(describeAnswer(`${route.key} should be refused`, answer));
      if (outcome === 'allowed' && (answer.status < 200 || answer.status >= 300)) wrong.push(describeAnswer(`${route.key} should be allowed`, answer));
    };
    const routes = classified.filter((r) => r.method !== 'HEAD');
    await inParallel(routes.filter((r) => !expectationOf(r).endsOtherSessions), check);
    // these end every other session of the caller, the suite's own token among them
    for (const route of routes.filter((r) => expectationOf(r).endsOtherSessions)) await check(route);
    tokens[who] = (await createSession(hub.db, ids.users[who])).token;
    expect(wrong).toEqual([]);
  }, SUITE_TIMEOUT);
});
