import type { Page } from 'playwright-core';
import { z } from 'zod';
import { loginResponseSchema, meResponseSchema } from '../../shared/api/auth';
import { camelize, snakify } from '../../shared/api/case';
import { errorBodySchema, type ApiError } from '../../shared/api/common';
import { keyResultCreateSchema, keyResultResponseSchema } from '../../shared/api/key-results';
import { objectiveChoicesResponseSchema, objectiveFormSchema, objectiveResponseSchema } from '../../shared/api/objectives';
import type { SessionUser } from '../../shared/api/users';
import { DEMO_PASSWORD, inDays, e2eHubUrl } from './helpers';

// e2e tests that make their own data through the hub (unique titles, nothing of the demo's
// relied on): the hub as one demo person through its API, as a desktop app calls it (bearer
// token), or as the signed-in page calls it (its cookie), each answer parsed with the hub's own
// schema so a test cannot pass on a guessed shape.

/** What a refused call answered: its status and the hub's one error shape (style.md). */
export interface Refusal {
  status: number;
  errors: ApiError[];
}

export interface HubApi {
  /** One call: the body goes out in snake_case, the answer's data comes back parsed with `schema`. */
  call<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown): Promise<z.infer<S>>;
  /** A call the hub must refuse (4xx or 5xx; a success throws): its status and error body. */
  refused(method: string, path: string, body?: unknown): Promise<Refusal>;
  /** The signed-in person, as GET /auth/me answers. */
  me(): Promise<SessionUser>;
}

/** One request to /api`path` with the body already on the wire; the raw answer. */
type Send = (method: string, path: string, body: string | undefined) => Promise<{ status: number; text: string }>;

function hubApi(send: Send): HubApi {
  const wire = (body: unknown) => (body === undefined ? undefined : JSON.stringify(snakify(body)));
  async function call<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown): Promise<z.infer<S>> {
    const { status, text } = await send(method, path, wire(body));
    if (status < 200 || status >= 300) throw new Error(`${method} ${path}: ${status} ${text}`);
    return schema.parse(camelize((JSON.parse(text) as { data: unknown }).data));
  }
  async function refused(method: string, path: string, body?: unknown): Promise<Refusal> {
    const { status, text } = await send(method, path, wire(body));
    if (status < 400) throw new Error(`${method} ${path} was to be refused, and answered ${status} ${text}`);
    return { status, errors: errorBodySchema.parse(camelize(JSON.parse(text))).errors };
  }
  return { call, refused, me: async () => (await call(meResponseSchema.shape.data, 'GET', '/auth/me')).user };
}

/**
 * `username` signs in with the demo password: a demo person, or any demo staff member by their
 * username. `baseUrl` is the shared e2e hub unless a file started its own.
 */
export async function apiAs(username: string, baseUrl: string = e2eHubUrl()): Promise<HubApi> {
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }) });
  if (!login.ok) throw new Error(`${username} could not sign in (${login.status})`);
  const token = loginResponseSchema.parse(camelize(await login.json())).data.accessToken;
  return hubApi(async (method, path, body) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body,
    });
    return { status: res.status, text: await res.text() };
  });
}

/**
 * The hub as the signed-in page calls it: the request runs in the page (its session cookie, the
 * CSRF header), so a refusal shows in the page's console as the app's own would; the answer is
 * parsed here.
 */
export function pageApi(page: Page): HubApi {
  return hubApi((method, path, body) =>
    page.evaluate(async ({ method, path, body }) => {
      const headers: Record<string, string> = { 'x-hub-request': '1' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`/api${path}`, { method, headers, body });
      return { status: res.status, text: await res.text() };
    }, { method, path, body }));
}

export interface OwnObjective {
  title: string;
  description: string;
  priority: 'low' | 'medium' | 'high';
  /** made with it, when given */
  keyResult?: { title: string; description: string };
}

/**
 * The signed-in person's own objective on their first team (Technology / DevOps, due in a month),
 * made through the hub with the page's session, as the app itself would; returns its id.
 */
export async function createOwnObjective(page: Page, objective: OwnObjective): Promise<number> {
  const api = pageApi(page);
  const deadline = inDays(30);
  const me = await api.me();
  const choices = await api.call(objectiveChoicesResponseSchema.shape.data, 'GET', '/objective/choices');
  const { keyResult, ...fields } = objective;
  const created = await api.call(objectiveResponseSchema.shape.data, 'POST', '/objective', objectiveFormSchema.parse({
    ...fields, teamId: choices.teams[0].id, ownerId: me.id, category: 'Technology', subcategory: 'DevOps', deadline,
  }));
  if (keyResult) await api.call(keyResultResponseSchema.shape.data, 'POST', `/objective/${created.id}`, keyResultCreateSchema.parse({ ...keyResult, deadline }));
  return created.id;
}
