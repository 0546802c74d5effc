import { inject } from 'vitest';
import { z } from 'zod';
import { camelize, snakify } from '../../shared/api/case';
import { sessionUserSchema, type SessionUser } from '../../shared/api/users';
import { DEMO_PASSWORD, type DemoUser } from './helpers';

// e2e tests that make their own data through the hub (unique titles, nothing of the demo's
// relied on): the hub as one demo person through its API, as a desktop app calls it (bearer
// token), each answer parsed with the hub's own schema so a test cannot pass on a guessed shape.

const meSchema = z.object({ user: sessionUserSchema });

export interface HubApi {
  /** One call: the body goes out in snake_case, the answer's data comes back parsed with `schema`. */
  call<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown): Promise<z.infer<S>>;
  /** The signed-in person, as GET /auth/me answers. */
  me(): Promise<SessionUser>;
}

export async function apiAs(username: DemoUser): Promise<HubApi> {
  const baseUrl = inject('baseUrl');
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }) });
  if (!login.ok) throw new Error(`${username} could not sign in (${login.status})`);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  async function call<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown): Promise<z.infer<S>> {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(snakify(body)),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return schema.parse(camelize((JSON.parse(text) as { data: unknown }).data));
  }
  return { call, me: async () => (await call(meSchema, 'GET', '/auth/me')).user };
}
