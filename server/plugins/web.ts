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

/** Only documents (and workers) obey a policy, framing or opener rule; nosniff guards every file. */
const DOCUMENT_ONLY = new Set(['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']);
const ASSET_HEADERS = Object.fromEntries(Object.entries(SECURITY_HEADERS).filter(([name]) => !DOCUMENT_ONLY.has(name)));

/**
 * The build's scripts, styles and images under /assets/ go without the ~600 bytes of
 * document-only headers: the login page fetches ~40 of them, and over HTTP/1.1 each would carry
 * the policy again. Everything else, the API's answers included, gets them all.
 */
export function headersFor(url: string): Readonly<Record<string, string>> {
  return url.startsWith('/assets/') ? ASSET_HEADERS : SECURITY_HEADERS;
}

/** A deep link (/profile/12) falls back to index.html; a missing asset (/assets/x.js) stays 404. */
export function isDeepLink(url: string): boolean {
  const pathname = url.split('?')[0];
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
}

/**
 * A file whose name carries its content's hash (everything vite writes under assets/)
 * never changes, so the browser keeps it for a year without asking; anything else (index.html,
 * which names the current build's files, the service worker, its file list, icons) is asked
 * again each time and answered 304 while unchanged.
 */
export function cacheControl(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/').replace(/\.(br|gz)$/, '');
  return /^assets\/[^/]+-[\w-]{8}\.\w+$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const notFoundBody = { errors: [{ message: 'Not found.' }] };

export async function registerWeb(app: FastifyInstance, webRoot: string | null): Promise<void> {
  // hooks that never wait take Fastify's callback form: an async one costs every
  // request a promise and a turn of the microtask queue (ab-tested with /proc CPU per request)
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headersFor(request.url));
    done(null, payload);
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
    // the build's brotli and gzip copies (scripts/vite-precompress.ts), the best one the
    // browser accepts, with Vary: Accept-Encoding
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControl(path.relative(root, filePath)));
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isDeepLink(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(notFoundBody);
  });
}
