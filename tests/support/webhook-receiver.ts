import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver on loopback for the tests: it records what it was sent and answers as the
// test says (an answer code, a delay, a redirect), and can be taken down and brought back on
// the same port.

export interface ReceivedHook {
  /** lower-case names, as the reference package's verify takes them */
  headers: Record<string, string>;
  body: string;
  path: string;
}

export interface WebhookReceiver {
  readonly host: string;
  readonly port: number;
  readonly url: string;
  received: ReceivedHook[];
  /** what it answers each request: a code, after delayMs, with a Location */
  answer: { status: number; delayMs?: number; location?: string; body?: string };
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(host = '127.0.0.1'): Promise<WebhookReceiver> {
  let server: Server;
  let port = 0;
  const receiver: WebhookReceiver = {
    host,
    get port() {
      return port;
    },
    get url() {
      return `http://${host}:${port}/hooks`;
    },
    received: [],
    answer: { status: 200 },
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (c: Buffer) => chunks.push(c));
        request.on('end', () => {
          const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
          receiver.received.push({ headers, body: Buffer.concat(chunks).toString('utf8'), path: request.url ?? '' });
          const { status, delayMs, location, body } = receiver.answer;
          setTimeout(() => {
            if (response.destroyed) return;
            response.writeHead(status, location ? { location } : {});
            response.end(body ?? 'ok');
          }, delayMs ?? 0);
        });
      });
      await new Promise<void>((resolve) => server.listen(port, host, () => resolve()));
      port = (server.address() as AddressInfo).port;
    },
    close() {
      return receiver.down();
    },
  };
  await receiver.up();
  return receiver;
}
