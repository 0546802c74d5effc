import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HubClient } from '../../electron/hub-client';
import { memoryTokenStore } from '../../electron/token-store';
import { HubError } from '../../shared/api/hub-error';
import { startHub, type RunningHub } from '../../server/start';
import { containsToken } from './support/deep';
import { eq } from 'drizzle-orm';
import { objectives } from '../../server/db/schema';
import { newIdempotencyKey } from '../../shared/api/idempotency';
import type { ObjectiveForm } from '../../shared/api/objectives';

// The same client against the real hub (in-memory PGlite with the demo company): proves the
// wire contract end to end, not just against our own fake.
vi.mock('electron', () => ({}));

let hub: RunningHub;
beforeAll(async () => {
  hub = await startHub({ port: 0, demo: true, logger: false, webRoot: null });
}, 120_000);
afterAll(() => hub?.close());

function client() {
  const tokens = memoryTokenStore();
  const c = new HubClient({ fetch, resolveTarget: async () => ({ key: 'embedded', url: hub.url }), tokens });
  const ended = vi.fn();
  c.on('session-ended', ended);
  return { c, tokens, ended };
}

async function failure(promise: Promise<unknown>): Promise<HubError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HubError);
  return error as HubError;
}

describe('HubClient against the hub', () => {
  it('signs in as admin and answers camelCase without the token', async () => {
    const { c, tokens } = client();
    const state = await c.login('admin', 'demo');
    const token = tokens.get('embedded');
    expect(token).toBeTruthy();
    expect(state).toMatchObject({ signedIn: true, user: { username: 'admin', accessLabel: 'Admin' } });
    expect(state.user?.capabilities.length).toBeGreaterThan(0);
    expect(containsToken(state, token as string)).toBe(false);
    expect(await c.state()).toMatchObject({ signedIn: true, user: { username: 'admin' } });
    const me = await c.request<{ user: { isTeamLead: boolean; leadTeamIds: number[] } }>({ method: 'GET', path: '/auth/me' });
    expect(me.user).toHaveProperty('isTeamLead');
    expect(me.user).not.toHaveProperty('is_team_lead');
  });

  it('a wrong password is a 401 with the hub message, and no session ends', async () => {
    const { c, ended } = client();
    const error = await failure(c.login('admin', 'wrong'));
    expect(error.status).toBe(401);
    expect(error.serverError).toBe(false);
    expect(error.errors[0].message).toMatch(/\w/);
    expect(ended).not.toHaveBeenCalled();
  });

  it('a bad body is a 400 naming the field in camelCase', async () => {
    const { c } = client();
    await c.login('lead', 'demo');
    const error = await failure(c.request({ method: 'POST', path: '/user/invite-in-team', body: { teamMemberEmail: 'not-an-email' } }));
    expect(error.status).toBe(400);
    expect(error.fieldMessage('teamMemberEmail')).toBe('Email is invalid.');
  });

  it('a revoked session: the next request is a 401, the token goes and the session ends', async () => {
    const { c, tokens, ended } = client();
    await c.login('member', 'demo');
    const token = tokens.get('embedded');
    // Revoked elsewhere (another device, an admin): the hub no longer knows the token.
    const revoke = await fetch(`${hub.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(revoke.status).toBe(200);
    const error = await failure(c.request({ method: 'GET', path: '/user/team' }));
    expect(error.status).toBe(401);
    expect(tokens.get('embedded')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(await c.state()).toEqual({ signedIn: false, user: null, firstLogin: false, passwordMustChange: false });
  });

  it('signs out on the hub: the old token is refused afterwards', async () => {
    const { c, tokens } = client();
    await c.login('owner', 'demo');
    const token = tokens.get('embedded');
    await c.logout();
    expect(tokens.get('embedded')).toBeNull();
    const after = await fetch(`${hub.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });
  it("a submit sent again with its Idempotency-Key (a retry after a lost answer) creates one objective and answers the first", async () => {
    const { c } = client();
    const state = await c.login('member', 'demo');
    const user = state.user!;
    const form: ObjectiveForm = {
      title: `Sent twice ${Date.now()}`, teamId: user.teamIds[0], ownerId: user.id, description: 'Once', category: 'Technology',
      subcategory: 'Development', priority: 'low', isPublic: false,
    };
    const idempotencyKey = newIdempotencyKey();
    const first = await c.request<{ id: number }>({ method: 'POST', path: '/objective', body: form, idempotencyKey });
    const again = await c.request<{ id: number }>({ method: 'POST', path: '/objective', body: form, idempotencyKey });
    expect(again).toEqual(first);
    const rows = await hub.database.db.select({ id: objectives.id }).from(objectives).where(eq(objectives.title, form.title));
    expect(rows).toEqual([{ id: first.id }]);
  });
});
