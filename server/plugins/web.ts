import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from '../../shared/content-security';

// design §1 web build: the hub serves the built renderer at / next to the API at /api, so staff
// without the desktop app (and the headless e2e tests) use the same screens.

/**
 * Sent on every answer: the renderer's CSP (shared/content-security.ts, the desktop window sends
 * the same) and headers against framing, sniffing and leaking referrers.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy(null),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** A deep link (/profile/12) falls back to index.html; a missing asset (/assets/x.js) stays 404. */
export function isDeepLink(url: string): boolean {
  const pathname = url.split('?')[0];
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
}

const notFoundBody = { errors: [{ message: 'Not found.' }] };

export async function registerWeb(app: FastifyInstance, webRoot: string | null): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });

  const root = webRoot ? path.resolve(webRoot) : null;
  if (!root || !existsSync(path.join(root, 'index.html'))) {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFoundBody));
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // one route per built file instead of a GET /* catch-all, which would swallow /api 404s
    wildcard: false,
    setHeaders(reply, filePath) {
      // index.html names the hashed bundles of the current build: never serve a stale one
      if (filePath.endsWith('index.html')) reply.header('cache-control', 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isDeepLink(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(notFoundBody);
  });
}
