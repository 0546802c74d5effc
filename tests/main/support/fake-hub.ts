import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type FakeRoute = (req: RecordedRequest, res: ServerResponse) => void;

/**
 * A tiny hub for HubClient's wire behaviour (statuses, odd bodies) that a real hub would not
 * produce on demand. Routes are keyed 'METHOD /path' (path without the query).
 */
export async function startFakeHub(routes: Record<string, FakeRoute>) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : undefined };
      requests.push(recorded);
      const route = routes[`${req.method} ${(req.url ?? '').split('?')[0]}`];
      if (route) route(recorded, res);
      else json(res, 404, { errors: [{ message: 'Not found' }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A user as the hub sends it (snake_case). */
export function wireUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 1, name: 'Ada Admin', username: 'admin', email: 'admin@bitstone.test', phone: null, image_path: null,
    status: 'active', role: { id: 1, name: 'Admin' }, role_id: 1, job: null, team: [], team_ids: [],
    lead_team_ids: [], managed_team_ids: [], teamlead: null, is_owner: false, is_team_lead: false,
    is_teams_manager: false, registered: true, join_date: '2020-01-01', last_login: null,
    capabilities: ['view-admin'], access_label: 'Admin', ...overrides,
  };
}
