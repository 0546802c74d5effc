import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENT_ROUTES } from '../../server/plugins/idempotency';
import { startTestHub, type TestHub } from '../support/hub';

// Health without sign-in, the OpenAPI document, and the web build at /.
let hub: TestHub;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'hub-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Bitstone Hub</title><div id="root"></div>');
  writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log("hub")');
  hub = await startTestHub({ webRoot });
});
afterAll(async () => {
  await hub?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers without a token: engine and applied migrations', async () => {
    const res = await hub.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { status: 'ok', database: hub.database.engine, migrations: expect.any(Number), version: expect.any(String), api_level: expect.any(Number), min_app_version: expect.any(String) },
    });
    expect(res.body.data.migrations).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/docs', () => {
  it('is an OpenAPI 3 document of the wire, generated from the zod schemas', async () => {
    const res = await hub.get('/api/docs');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty('/api/auth/login');
    expect(doc.paths).toHaveProperty('/api/teamDetails/{userId}');
    // the document describes snake_case keys, as they travel
    const invite = doc.paths['/api/user/invite-in-team'].post.requestBody.content['application/json'].schema;
    expect(invite.properties).toHaveProperty('team_member_email');
    expect(invite.required).toEqual(['team_member_email']);
    const login = doc.paths['/api/auth/login'].post;
    expect(login.security).toEqual([]);
    expect(login.responses['200'].content['application/json'].schema.properties.data.properties).toHaveProperty('access_token');
    expect(login.responses['4XX'].content['application/json'].schema.required).toEqual(['errors']);
    expect(doc.paths['/api/auth/me'].get.security).toBeUndefined();
    // a session's bearer token, a personal API token (bsh_…) or the web app's cookie (docs/api.md 'API tokens')
    expect(doc.security).toEqual([{ bearer: [] }, { apiToken: [] }, { cookie: [] }]);
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'bsh_…' });
    expect(doc.components.securitySchemes.cookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'hub_session' });
    // what a token may never do is declared signed-in only
    expect(doc.paths['/api/me/tokens'].post.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(doc.paths['/api/auth/password'].post.security).toEqual([{ bearer: [] }, { cookie: [] }]);
  });

  it('documents the Idempotency-Key header on every creating POST, and on no other operation', async () => {
    const doc = (await hub.get('/api/docs')).body as { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean; schema: { maxLength?: number } }> }>> };
    const keyed: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const header = op.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
        if (!header) continue;
        keyed.push(`${method.toUpperCase()} ${template.replace(/\{(\w+)\}/g, ':$1')}`);
        expect(header.required ?? false).toBe(false);
        expect(header.schema.maxLength).toBe(255);
      }
    }
    expect(keyed.sort()).toEqual([...IDEMPOTENT_ROUTES].sort());
  });
});

describe('web build', () => {
  it('serves index.html at / with the security headers', async () => {
    const res = await hub.get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.body).toContain('Bitstone Hub');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves built files, and deep links fall back to index.html', async () => {
    expect((await hub.get('/assets/app.js')).body).toContain('console.log');
    const deep = await hub.get('/profile/12?tab=files');
    expect(deep.status).toBe(200);
    expect(deep.body).toContain('<div id="root">');
  });

  it('a missing asset stays 404, and unknown /api paths never get the page', async () => {
    expect((await hub.get('/assets/missing.js')).status).toBe(404);
    const api = await hub.get('/api/profile/12');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const down = await startTestHub();
    await down.database.close();
    try {
      const res = await down.get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body.errors[0].message).toMatch(/database/i);
    } finally {
      await down.app.close();
    }
  });
});
