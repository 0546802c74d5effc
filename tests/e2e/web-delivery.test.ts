import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../support/e2e-global-setup';
import { e2eHubUrl } from './helpers';

// The real hub delivering the real build: the build's brotli or gzip copy as the
// browser accepts, Vary: Accept-Encoding, hashed files cached for a year, the rest revalidated.
// Raw HTTP (node:http), since fetch would undo the encoding before the test saw it.

interface Raw { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

function get(pathname: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(pathname, e2eHubUrl()), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(res: Raw): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  return res.body;
}

const onDisk = (file: string) => readFileSync(path.join(WEB_ROOT, file));
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The entry script index.html names (./assets/index-AbC123xy.js), as a path from the root. */
function entryScript(): string {
  const match = /<script[^>]+src="\.?(\/assets\/[^"]+\.js)"/.exec(onDisk('index.html').toString('utf8'));
  if (!match) throw new Error('index.html names no entry script');
  return match[1];
}

describe('web delivery', () => {
  it('sends the brotli copy when the browser takes it, gzip when only that, the file itself otherwise; always the same bytes, and says it varies', async () => {
    const script = entryScript();
    const raw = onDisk(script.slice(1));
    const br = await get(script, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gz = await get(script, { 'accept-encoding': 'gzip' });
    const plain = await get(script, {});
    expect([br.status, gz.status, plain.status]).toEqual([200, 200, 200]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const res of [br, gz, plain]) {
      expect(decoded(res).equals(raw)).toBe(true);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      // nosniff rides on every encoding; the document-only policy stays on documents
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    console.info(`${script}: ${raw.length} B raw, ${gz.body.length} B gzip, ${br.body.length} B brotli`);
    expect(br.body.length).toBeLessThan(raw.length / 2);
    expect(gz.body.length).toBeLessThan(raw.length / 2);
  });

  it('caches hashed files for a year and revalidates index.html, deep links, the service worker and its list', async () => {
    const script = entryScript();
    const asset = await get(script, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);

    for (const pathname of ['/', '/index.html', '/profile/12', '/objective-tracking/objectives?id=3', '/offline-sw.js', '/offline-files.json']) {
      const res = await get(pathname, { 'accept-encoding': 'br, gzip' });
      expect(res.status, pathname).toBe(200);
      expect(res.headers['cache-control'], pathname).toBe('no-cache');
    }
    // a deep link is index.html, compressed like it
    const deep = await get('/profile/12', { 'accept-encoding': 'gzip' });
    expect(deep.headers['content-encoding']).toBe('gzip');
    expect(deep.headers['content-security-policy']).toContain("script-src 'self'");
    expect(decoded(deep).equals(onDisk('index.html'))).toBe(true);
  });

  it('answers a revalidation of an unchanged file with 304 and no body', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('keeps a missing asset a 404 and the API untouched by the file rules', async () => {
    const missing = await get('/assets/nothing-here-12345678.js', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    const health = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.status).toBe(200);
    expect(health.headers['cache-control']).not.toBe(IMMUTABLE);
  });
});
