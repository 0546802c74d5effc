import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkedAddress, type ResolvedAddress, type Resolve } from './address-policy';

// One POST of a delivery to the address the policy checked (address-policy.ts): the socket's
// lookup answers that address and nothing else, redirects are answers like any other (never
// followed), and a slow or endless answer is cut at WEBHOOK_TIMEOUT_MS and ANSWER_MAX_BYTES.

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const ANSWER_MAX_BYTES = 64 * 1024;

export interface PinnedRequest {
  url: URL;
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}
export interface Answer {
  statusCode: number;
  /** at most ANSWER_MAX_BYTES of it */
  body: string;
}
export type Connector = (request: PinnedRequest) => Promise<Answer>;

export interface TransportOptions {
  allowHosts: readonly string[];
  resolve: Resolve;
  connect: Connector;
  timeoutMs?: number;
}

export async function postWebhook(url: string, body: string, headers: Record<string, string>, options: TransportOptions): Promise<Answer> {
  const target = new URL(url);
  const address = await checkedAddress(target, options.allowHosts, options.resolve);
  return options.connect({ url: target, address, headers, body, timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS });
}

/** Node's http(s) with the checked address pinned. */
export const pinnedConnector: Connector = ({ url, address, headers, body, timeoutMs }) =>
  new Promise<Answer>((resolve, reject) => {
    // answers the checked address whatever the name now resolves to (both of lookup's callback forms)
    const lookup = ((_host: string, opts: { all?: boolean }, done: (...args: unknown[]) => void) => {
      if (opts?.all) done(null, [address]);
      else done(null, address.address, address.family);
    }) as unknown as LookupFunction;
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST', lookup, agent: false,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), 'user-agent': 'Bitstone-Hub-Webhooks' },
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    const finish = (error: Error | null, answer?: Answer) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(answer!);
    };
    request.on('error', (error) => finish(error));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish(null, { statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      response.on('data', (chunk: Buffer) => {
        if (size >= ANSWER_MAX_BYTES) return;
        chunks.push(chunk.subarray(0, ANSWER_MAX_BYTES - size));
        size += chunk.length;
        // enough of it: the rest is not read
        if (size >= ANSWER_MAX_BYTES) {
          response.destroy();
          done();
        }
      });
      response.on('end', done);
      response.on('error', (error) => finish(error));
    });
    request.end(body);
  });
