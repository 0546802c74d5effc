import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { errorBodySchema } from '../../shared/api/common';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import type { HubResponse, WireBody } from '../support/hub';
import { buildWorld, day, type ObjectiveWorld } from './objectives-fixture';

// Deleting something already deleted answers 404 and writes no audit row (it answered
// 200 and wrote a new row each time). Every DELETE route (and the archive of a member), twice.
let w: ObjectiveWorld;
let adminToken: string;

beforeAll(async () => {
  w = await buildWorld();
  const role = await createRole(w.hub.db, { capabilities: [...ALL_CAPABILITIES] });
  const admin = await createUser(w.hub.db, { name: 'Ada Admin', username: `ada.${Date.now()}`, roleId: role.id, isOwner: true, firstLogin: false });
  adminToken = (await w.hub.login(admin.username, TEST_PASSWORD)).token;
});
afterAll(() => w?.hub.close());

const auditRows = async () => Number((await w.hub.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n);
const del = (path: string, token = adminToken, body?: unknown) => w.hub.request('DELETE', path, { token, body });

/** The first delete works (and may audit); the second is a 404 in the error shape that audits nothing. */
async function deleteTwice(first: () => Promise<HubResponse<WireBody>>, second = first) {
  const done = await first();
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const audited = await auditRows();
  const again = await second();
  expect(again.status, JSON.stringify(again.body)).toBe(404);
  expect(errorBodySchema.safeParse(again.body).success).toBe(true);
  expect(await auditRows()).toBe(audited);
  return done;
}

describe('admin deletes, audited once', () => {
  it('a team', async () => {
    const team = await createTeam(w.hub.db);
    const before = await auditRows();
    await deleteTwice(() => del(`/api/team/${team.id}`));
    expect(await auditRows()).toBe(before + 1);
  });

  it('a job', async () => {
    const job = (await w.hub.post('/api/job', { name: `Twice job ${Date.now()}` }, { token: adminToken })).body.data.job;
    await deleteTwice(() => del(`/api/job/${job.id}`));
  });

  it('a role (deleted softly: a second delete finds nothing to delete, a restore still works)', async () => {
    const role = (await w.hub.post('/api/role', { name: `Twice role ${Date.now()}`, capabilities: [] }, { token: adminToken })).body.data.role;
    const before = await auditRows();
    await deleteTwice(() => del(`/api/role/${role.id}`));
    expect(await auditRows()).toBe(before + 1);
    expect((await w.hub.request('PATCH', `/api/role/${role.id}/restore`, { token: adminToken })).status).toBe(200);
  });

  it('a link (deleted softly)', async () => {
    const body = { name: `Twice ${Date.now()}`, category: 'Docs', url: 'https://example.com', description: 'd' };
    const link = (await w.hub.post('/api/link', body, { token: adminToken })).body.data.link;
    const before = await auditRows();
    await deleteTwice(() => del(`/api/link/${link.id}`));
    expect(await auditRows()).toBe(before + 1);
  });

  it('a member (archived): a second archive is a 404 with no audit row; a restore of an active member writes none either', async () => {
    const person = await createUser(w.hub.db, { teamIds: [w.alpha] });
    const before = await auditRows();
    await deleteTwice(() => del(`/api/user/${person.id}`));
    expect(await auditRows()).toBe(before + 1);
    expect((await w.hub.request('PATCH', `/api/user/${person.id}/restore`, { token: adminToken })).status).toBe(200);
    const restored = await auditRows();
    expect((await w.hub.request('PATCH', `/api/user/${person.id}/restore`, { token: adminToken })).status).toBe(200);
    expect(await auditRows()).toBe(restored);
  });
});

describe('objective-tracking deletes', () => {
  it('an objective', async () => {
    const o = (await w.create('lead', { owner_id: w.ids.lead })).body.data;
    await deleteTwice(() => del(`/api/objective/${o.id}`, w.tokens.lead));
  });

  it('a key result', async () => {
    const o = (await w.create('member')).body.data;
    const kr = (await w.hub.post(`/api/objective/${o.id}`, { title: 'Docs', description: 'Every page', deadline: day(5) }, { token: w.tokens.member })).body.data;
    await deleteTwice(() => del(`/api/key-result/${kr.id}`, w.tokens.member));
  });

  it('an evaluation, by its id in the path or in the body', async () => {
    const values = {
      technical_expertise: '4', teamwork: '5', flexibility: '3', results_focus: '4', languages: '2', continual_learning: '3',
      safety_focus: '4', communication: '5', initiative: '1', open_discussion: '3', targets: 'Lead the next release.',
    };
    const create = async () => (await w.hub.post('/api/employee-details', { user_id: w.ids.member, ...values }, { token: w.tokens.lead })).body.data.id as number;
    const byPath = await create();
    await deleteTwice(() => del(`/api/employee-details/${byPath}`, w.tokens.lead));
    const byBody = await create();
    await deleteTwice(() => del('/api/employee-details', w.tokens.lead, { entity_id: byBody }));
  });
});

describe('files', () => {
  it('a VPN file', async () => {
    const boundary = 'twice-boundary';
    const raw = [`--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="ana.lead.ovpn"', 'Content-Type: application/octet-stream', '', 'client', `--${boundary}--`, ''].join('\r\n');
    const upload = await w.hub.request('POST', '/api/user/upload-file', { token: w.tokens.lead, raw, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    await deleteTwice(() => del('/api/user/delete-file/ana.lead.ovpn', w.tokens.lead));
  });
});
