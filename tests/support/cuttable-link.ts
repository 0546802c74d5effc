import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

// The way to a hub that a test can cut and restore, like a network gone and back: a loopback TCP
// proxy in front of the hub. Cut, it refuses connections and drops the open ones (an SSE stream
// included), while the hub itself keeps running with its data; restored, it listens on the same
// port, so a page's origin and a desktop client's hub address stay the same.

export interface CuttableLink {
  /** the hub's address as the browser or the desktop client sees it */
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function cuttableLink(hubUrl: string): Promise<CuttableLink> {
  const target = new URL(hubUrl);
  const sockets = new Set<Socket>();
  let server: Server | null = null;

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve((s.address() as AddressInfo).port);
      });
    });

  const cut = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise((resolve) => s.close(resolve));
  };

  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    cut,
    async restore() {
      if (!server) await listen(port);
    },
    close: cut,
  };
}
