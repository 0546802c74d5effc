import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/hub';

// The API contract changes only on purpose: the OpenAPI document the hub generates from its
// schemas is compared, as JSON with sorted keys, with the one committed beside this test. Moving
// code (the hub's feature folders) must leave it as it was; a change to a route or a schema is
// seen here and the file is written anew on purpose: UPDATE_OPENAPI=1 npx vitest run --project api
// tests/api/openapi-document.test.ts, then the diff is reviewed like code.

const SNAPSHOT = fileURLToPath(new URL('./openapi-document.json', import.meta.url));

/** The same value with every object's keys in order, so two documents compare by content alone. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]));
}

let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub();
});
afterAll(() => hub?.close());

describe('the OpenAPI document', () => {
  it('is the committed one, key for key', async () => {
    const res = await hub.get('/api/docs');
    expect(res.status).toBe(200);
    const text = `${JSON.stringify(sortedKeys(res.body), null, 1)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(SNAPSHOT, text);
    expect(JSON.parse(text)).toEqual(JSON.parse(readFileSync(SNAPSHOT, 'utf8')));
  });
});
