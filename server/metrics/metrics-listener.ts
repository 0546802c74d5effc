import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HubMetrics } from './hub-metrics';

// GET /metrics is served on an address of its own (HUB_METRICS_HOST:HUB_METRICS_PORT,
// loopback by default), never on the hub's port, which nginx puts in front of everyone: no route
// of the public port can expose it, whatever a proxy's configuration says. A token
// (HUB_METRICS_TOKEN, required by env.ts when the address is not loopback) is asked as
// `Authorization: Bearer`, which Prometheus sends from its `authorization` scrape setting.

export interface MetricsListenerOptions {
  host: string;
  port: number;
  /** null: anyone who reaches the address may scrape (loopback only, env.ts) */
  token: string | null;
}

export interface MetricsListener {
  /** http://host:port/metrics */
  url: string;
  close(): Promise<void>;
}

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first wrong byte. */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), expected);
}

function answer(res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

export async function listenForMetrics(metrics: HubMetrics, options: MetricsListenerOptions, onError: (error: unknown) => void): Promise<MetricsListener> {
  const expected = options.token === null ? null : digest(options.token);
  const server = http.createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] !== METRICS_PATH) return answer(res, 404, 'Not found.\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, 'Only GET.\n', { allow: 'GET, HEAD' });
    if (expected !== null && !tokenMatches(req.headers.authorization, expected)) {
      return answer(res, 401, 'A bearer token is required.\n', { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    metrics.scrape().then(
      ({ contentType, text }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        onError(error);
        answer(res, 500, 'The metrics could not be collected.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
