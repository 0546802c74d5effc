import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIRE_MESSAGES } from '../../server/plugins/errors';
import { PICTURE_MAX_BYTES } from '../../shared/rules/constants';
import { PICTURE_MESSAGES } from '../../shared/rules/people-messages';
import { VPN_MESSAGES } from '../../shared/rules/vpn-file';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Pictures and the VPN file — rights, limits while streaming, magic bytes, traversal.
let hub: TestHub;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  hub = await startTestHub();
  const admin = await createRole(hub.db, { name: 'Admin', capabilities: ['VIEW_ADMIN'] });
  const hr = await createRole(hub.db, { name: 'HR', capabilities: ['EDIT_ALL_FIELDS'] });
  const people = {
    ana: await createUser(hub.db, { name: 'Ana Maria Pop' }),
    bob: await createUser(hub.db, { name: 'Bob Stan' }),
    admin: await createUser(hub.db, { name: 'Ada Admin', roleId: admin.id }),
    hr: await createUser(hub.db, { name: 'Hana HR', roleId: hr.id }),
  };
  for (const [key, user] of Object.entries(people)) {
    ids[key] = user.id;
    tokens[key] = (await hub.login(user.username, TEST_PASSWORD)).token;
  }
});
afterAll(() => hub?.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

async function upload(method: string, path: string, who: string, field: string, data: Buffer, filename: string, type = 'application/octet-stream') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const res = await fetch(`${hub.url}/api${path}`, { method, body: form, headers: { authorization: `Bearer ${tokens[who]}` } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('pictures', () => {
  it('the user themself saves a png and reads it back with cache headers', async () => {
    const res = await upload('PUT', `/user/${ids.ana}/image`, 'ana', 'image', PNG, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    const image = await fetch(`${hub.url}/api/user/${ids.ana}/image`, { headers: { authorization: `Bearer ${tokens.bob}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('private');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    const again = await fetch(`${hub.url}/api/user/${ids.ana}/image`, { headers: { authorization: `Bearer ${tokens.bob}`, 'if-none-match': image.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    const profile = await hub.get(`/api/user/${ids.ana}`, { token: tokens.bob });
    expect(profile.body.data.user.image_path).toBe(`/user/${ids.ana}/image`);
  });

  it('edit-all-fields may change anyone; others may not', async () => {
    expect((await upload('PUT', `/user/${ids.ana}/image`, 'bob', 'image', JPEG, 'x.jpg')).status).toBe(403);
    expect((await upload('PUT', `/user/${ids.ana}/image`, 'admin', 'image', JPEG, 'x.jpg')).status).toBe(403);
    expect((await upload('PUT', `/user/${ids.ana}/image`, 'hr', 'image', JPEG, 'x.jpg')).status).toBe(200);
  });

  it('answers the spec §5 messages: missing file, wrong type by content, over 1MB', async () => {
    const none = await hub.request('PUT', `/api/user/${ids.bob}/image`, { token: tokens.bob, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].message).toBe(PICTURE_MESSAGES.required);
    const gif = await upload('PUT', `/user/${ids.bob}/image`, 'bob', 'image', Buffer.from('GIF89a....'), 'fake.png', 'image/png');
    expect(gif).toMatchObject({ status: 400, body: { errors: [{ message: PICTURE_MESSAGES.type }] } });
    const big = Buffer.concat([PNG, Buffer.alloc(PICTURE_MAX_BYTES)]);
    const tooBig = await upload('PUT', `/user/${ids.bob}/image`, 'bob', 'image', big, 'big.png', 'image/png');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors[0].message).toBe(PICTURE_MESSAGES.size);
  });

  it('a member without a picture answers 404', async () => {
    expect((await hub.get(`/api/user/${ids.bob}/image`, { token: tokens.ana })).status).toBe(404);
  });

  // found by openapi-fuzz.test.ts: a body cut short was a 500
  it('a body that is not the multipart form it claims is a 400; a whole picture still saves', async () => {
    const cutShort = '--b\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\n\r\n\u0089PNG';
    const broken = await hub.request('PUT', `/api/user/${ids.bob}/image`, { token: tokens.bob, raw: cutShort, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    expect(broken.status).toBe(400);
    expect(broken.body.errors).toEqual([{ message: WIRE_MESSAGES.badMultipart, field: 'image' }]);
    const noBoundary = await hub.request('PUT', `/api/user/${ids.bob}/image`, { token: tokens.bob, raw: 'x', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.status).toBe(400);
    expect((await upload('PUT', `/user/${ids.bob}/image`, 'bob', 'image', PNG, 'me.png', 'image/png')).status).toBe(200);
  });
});

const OVPN = Buffer.from('client\ndev tun\nremote vpn.bitstone.test 1194\n');

describe('VPN file', () => {
  it('no file → saved → downloaded → deleted, by its owner', async () => {
    expect((await hub.get('/api/user/exists/ana.maria.pop', { token: tokens.ana })).body.data).toEqual({ status: false });
    const saved = await upload('POST', '/user/upload-file', 'ana', 'file', OVPN, 'ana.maria.pop.ovpn');
    expect(saved).toMatchObject({ status: 200, body: { data: { name: 'ana.maria.pop.ovpn' } } });
    expect((await hub.get('/api/user/exists/ana.maria.pop', { token: tokens.ana })).body.data).toEqual({ status: true });
    const download = await fetch(`${hub.url}/api/user/download-ovpn/ana.maria.pop`, { headers: { authorization: `Bearer ${tokens.ana}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('ana.maria.pop.ovpn');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(OVPN);
    expect((await hub.request('DELETE', '/api/user/delete-file/ana.maria.pop.ovpn', { token: tokens.ana })).status).toBe(200);
    expect((await hub.get('/api/user/exists/ana.maria.pop', { token: tokens.ana })).body.data).toEqual({ status: false });
  });

  it("someone else's file is refused; an admin may act for the owner", async () => {
    expect((await hub.get('/api/user/exists/ana.maria.pop', { token: tokens.bob })).status).toBe(403);
    expect((await hub.get('/api/user/download-ovpn/ana.maria.pop', { token: tokens.bob })).status).toBe(403);
    expect((await hub.request('DELETE', '/api/user/delete-file/ana.maria.pop.ovpn', { token: tokens.bob })).status).toBe(403);
    const byBob = await upload('POST', '/user/upload-file', 'bob', 'file', OVPN, 'ana.maria.pop.ovpn');
    expect(byBob).toMatchObject({ status: 400, body: { errors: [{ message: VPN_MESSAGES.nameAtSave }] } });
    expect((await upload('POST', '/user/upload-file', 'admin', 'file', OVPN, 'ana.maria.pop.ovpn')).status).toBe(200);
    expect((await hub.get('/api/user/exists/ana.maria.pop', { token: tokens.admin })).body.data).toEqual({ status: true });
    expect((await hub.request('DELETE', '/api/user/delete-file/ana.maria.pop.ovpn', { token: tokens.admin })).status).toBe(200);
  });

  it('answers the spec §5 messages for a wrong type or name', async () => {
    const txt = await upload('POST', '/user/upload-file', 'bob', 'file', OVPN, 'bob.stan.txt');
    expect(txt).toMatchObject({ status: 400, body: { errors: [{ message: VPN_MESSAGES.type }] } });
    const wrong = await upload('POST', '/user/upload-file', 'bob', 'file', OVPN, 'Bob Stan.ovpn');
    expect(wrong).toMatchObject({ status: 400, body: { errors: [{ message: VPN_MESSAGES.nameAtSave }] } });
    const binary = await upload('POST', '/user/upload-file', 'bob', 'file', Buffer.from([0, 1, 2]), 'bob.stan.ovpn');
    expect(binary.status).toBe(400);
  });

  // found by openapi-fuzz.test.ts: a part with filename="" reached the name check as undefined, a 500
  it('a file part with an empty name is no file: 400 asking for one', async () => {
    const nameless = await upload('POST', '/user/upload-file', 'bob', 'file', OVPN, '');
    expect(nameless).toMatchObject({ status: 400, body: { errors: [{ message: 'Please choose a file', field: 'file' }] } });
    expect((await upload('POST', '/user/upload-file', 'bob', 'file', OVPN, 'bob.stan.ovpn')).status).toBe(200);
  });

  it('refuses traversal and encoded slashes with 400 before touching anything', async () => {
    for (const path of ['/api/user/exists/..%2Fx', '/api/user/download-ovpn/..%2F..%2Fetc%2Fpasswd', '/api/user/exists/a..b', '/api/user/exists/%2e%2e']) {
      expect((await hub.get(path, { token: tokens.ana })).status, path).toBe(400);
    }
    expect((await hub.request('DELETE', '/api/user/delete-file/..%2Fana.maria.pop.ovpn', { token: tokens.ana })).status).toBe(400);
    expect((await hub.request('DELETE', '/api/user/delete-file/ana.maria.pop.txt', { token: tokens.ana })).status).toBe(400);
  });
});
