import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../server/plugins/compress-json';
import { startTestHub, type TestHub } from '../support/hub';

// JSON answers of COMPRESS_MIN_BYTES or more go compressed (brotli, else gzip) when the
// client accepts it, with Vary: Accept-Encoding; small ones, the notifications' event stream and
// the xlsx exports go as they are. Read with node:http, which (unlike fetch) leaves the bytes
// on the wire as they came.

let hub: TestHub;
let token: string;
beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
  token = (await hub.login('admin', 'demo')).token;
});
afterAll(() => hub?.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET, its bytes as sent; `firstChunkOnly` stops at the first chunk (a stream that never ends). */
function rawGet(path: string, headers: Record<string, string>, firstChunkOnly = false): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${hub.url}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      const done = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (firstChunkOnly) {
          done();
          request.destroy();
        }
      });
      response.on('end', done);
      response.on('error', reject);
    });
    request.on('error', (error) => (firstChunkOnly ? undefined : reject(error)));
  });
}

const varies = (raw: Raw) => String(raw.headers.vary ?? '').split(',').map((v) => v.trim().toLowerCase()).includes('accept-encoding');

describe('a large JSON answer', () => {
  // the OpenAPI document: the demo company's lists are all under the threshold
  const LARGE = '/api/docs';

  it('goes with brotli to a client that accepts it, with Vary: Accept-Encoding, and decodes to the same JSON', async () => {
    const plain = await rawGet(LARGE, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain)).toBe(true);

    const br = await rawGet(LARGE, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('goes with gzip to a client without brotli, and as it is when both are refused (q=0)', async () => {
    const plain = await rawGet(LARGE, {});
    const gzip = await rawGet(LARGE, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    const refused = await rawGet(LARGE, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });

  it('reaches fetch (the desktop app and the tests) decoded', async () => {
    const res = await hub.get('/api/docs', { token, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
  });
});

describe('what is not compressed', () => {
  it('a JSON answer under the threshold (a directory page) goes as it is, without Vary', async () => {
    const small = await rawGet('/api/user?limit=48', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(varies(small)).toBe(false);
    expect(JSON.parse(small.body.toString()).data.items.length).toBeGreaterThan(0);
  });

  it('the notifications event stream is plain text/event-stream, not compressed', async () => {
    const stream = await rawGet('/api/notifications/stream', { accept: 'text/event-stream', 'accept-encoding': 'br, gzip' }, true);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body.toString()).toMatch(/^(retry|id|event|:)/);
  });

  it('an xlsx export is the workbook itself, not compressed again', async () => {
    const xlsx = await rawGet('/api/exports/users.xlsx', { 'accept-encoding': 'br, gzip' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    expect(xlsx.body.subarray(0, 2).toString()).toBe('PK');
  });
});
