import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// issue 18 'Sessions that come back' and Settings → Sessions: a person's sessions end when they
// should, and each person sees and ends only their own.

let hub: TestHub;
let adminToken: string;

beforeAll(async () => {
  hub = await startTestHub({ seed: 'none' });
  const role = await createRole(hub.db, { name: 'Administrators', capabilities: [...ALL_CAPABILITIES] });
  const admin = await createUser(hub.db, { roleId: role.id, firstLogin: false });
  adminToken = (await hub.login(admin.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

describe('archiving a user', () => {
  it('deletes every session of theirs, so a token issued before the archive stays dead after the restore', async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const first = await hub.login(user.username, TEST_PASSWORD);
    const second = await hub.login(user.username, TEST_PASSWORD);
    expect((await hub.get('/api/auth/me', { token: first.token })).status).toBe(200);

    expect((await hub.request('DELETE', `/api/user/${user.id}`, { token: adminToken })).status).toBe(200);
    expect(await hub.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await hub.request('PATCH', `/api/user/${user.id}/restore`, { token: adminToken })).status).toBe(200);

    for (const token of [first.token, second.token]) expect((await hub.get('/api/auth/me', { token })).status).toBe(401);
    // the restored person signs in afresh
    const again = await hub.login(user.username, TEST_PASSWORD);
    expect((await hub.get('/api/auth/me', { token: again.token })).status).toBe(200);
  });

  it("restoring a user ends nobody's sessions", async () => {
    const user = await createUser(hub.db, { firstLogin: false });
    const other = await createUser(hub.db, { firstLogin: false });
    const { token } = await hub.login(other.username, TEST_PASSWORD);
    expect((await hub.request('DELETE', `/api/user/${user.id}`, { token: adminToken })).status).toBe(200);
    expect((await hub.request('PATCH', `/api/user/${user.id}/restore`, { token: adminToken })).status).toBe(200);
    expect((await hub.get('/api/auth/me', { token })).status).toBe(200);
    expect((await hub.get('/api/auth/me', { token: adminToken })).status).toBe(200);
  });
});
