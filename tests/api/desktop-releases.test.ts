import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../server/db/schema';
import { camelize } from '../../shared/api/case';
import {
  connectedVersionsResponseSchema, DESKTOP_RELEASE_MESSAGES, releaseFileError, desktopPlatformReleaseResponseSchema, desktopPolicyResponseSchema,
  desktopReleasesResponseSchema, desktopUploadResponseSchema,
} from '../../shared/api/desktop';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Desktop updates served by the hub: the files and metadata electron-updater's generic
// provider reads (signed-in people only, plain names only, ranges for resumed downloads), the
// policy the app asks for, and Admin → Desktop app (releases, the required mark, uploads checked
// against the metadata's sha512, the app versions connected).

const sha512 = (bytes: Uint8Array) => createHash('sha512').update(bytes).digest('base64');

function metadataFor(version: string, files: { name: string; bytes: Uint8Array }[], hash = sha512) {
  return [
    `version: ${version}`,
    'files:',
    ...files.flatMap((f) => [`  - url: ${f.name}`, `    sha512: ${hash(f.bytes)}`, `    size: ${f.bytes.length}`]),
    `path: ${files[0].name}`,
    `sha512: ${hash(files[0].bytes)}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
    '',
  ].join('\n');
}

const APPIMAGE = 'Bitstone-Hub-1.2.0.AppImage';
const installer = randomBytes(300_000);
const blockmap = randomBytes(2_000);
const linuxYml = metadataFor('1.2.0', [{ name: APPIMAGE, bytes: installer }]);

let hub: TestHub;
let bare: TestHub;
let root: string;
let releasesDir: string;
let admin: string;
let member: string;

async function signIn(roleId: number | null) {
  const user = await createUser(hub.db, { roleId, firstLogin: false });
  return { user, token: (await hub.login(user.username, TEST_PASSWORD)).token };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hub-releases-'));
  releasesDir = path.join(root, 'releases');
  await mkdir(releasesDir);
  await writeFile(path.join(releasesDir, APPIMAGE), installer);
  await writeFile(path.join(releasesDir, `${APPIMAGE}.blockmap`), blockmap);
  await writeFile(path.join(releasesDir, 'latest-linux.yml'), linuxYml);
  // beside the folder and a dot-file inside it: neither may ever be served
  await writeFile(path.join(root, 'secret.txt'), 'not for you');
  await writeFile(path.join(releasesDir, '.hidden'), 'not for you');
  hub = await startTestHub({ seed: 'none', releasesDir });
  bare = await startTestHub({ seed: 'none' });
  const adminRole = await createRole(hub.db, { capabilities: ['VIEW_ADMIN'] });
  admin = (await signIn(adminRole.id)).token;
  member = (await signIn(null)).token;
});
afterAll(async () => {
  await hub?.close();
  await bare?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const updates = (file: string) => `/api/desktop/updates/${file}`;

async function fetchBytes(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${hub.url}${url}`, { headers: { authorization: `Bearer ${member}`, ...headers } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('GET /api/desktop/updates/:file (the generic provider)', () => {
  it('serves the metadata as YAML to a signed-in person, with the headers a resumable download needs', async () => {
    const { res, bytes } = await fetchBytes(updates('latest-linux.yml'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/yaml/);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(res.headers.get('last-modified') ?? '').getTime()).not.toBeNaN();
    expect(Buffer.from(bytes).toString('utf8')).toBe(linuxYml);
  });

  it('serves the installer it names and its blockmap, whole', async () => {
    const whole = await fetchBytes(updates(APPIMAGE));
    expect(whole.res.status).toBe(200);
    expect(whole.res.headers.get('content-length')).toBe(String(installer.length));
    expect(whole.res.headers.get('content-type')).toBe('application/vnd.appimage');
    expect(sha512(whole.bytes)).toBe(sha512(installer));
    const map = await fetchBytes(updates(`${APPIMAGE}.blockmap`));
    expect(map.res.status).toBe(200);
    expect(Buffer.compare(map.bytes, blockmap)).toBe(0);
  });

  it('a resumed download (Range) gets 206 with Content-Range, and the parts make the whole file', async () => {
    const first = await fetchBytes(updates(APPIMAGE), { range: 'bytes=0-99999' });
    expect(first.res.status).toBe(206);
    expect(first.res.headers.get('content-range')).toBe(`bytes 0-99999/${installer.length}`);
    expect(first.bytes.length).toBe(100_000);
    const rest = await fetchBytes(updates(APPIMAGE), { range: 'bytes=100000-' });
    expect(rest.res.status).toBe(206);
    expect(rest.res.headers.get('content-range')).toBe(`bytes 100000-${installer.length - 1}/${installer.length}`);
    expect(sha512(Buffer.concat([first.bytes, rest.bytes]))).toBe(sha512(installer));
  });

  it('a range outside the file is 416 with the size; a stale If-Range gets the whole file', async () => {
    const outside = await fetchBytes(updates(APPIMAGE), { range: `bytes=${installer.length}-` });
    expect(outside.res.status).toBe(416);
    expect(outside.res.headers.get('content-range')).toBe(`bytes */${installer.length}`);
    const stale = await fetchBytes(updates(APPIMAGE), { range: 'bytes=10-', 'if-range': '"an-old-etag"' });
    expect(stale.res.status).toBe(200);
    expect(stale.bytes.length).toBe(installer.length);
    const { res } = await fetchBytes(updates(APPIMAGE), { range: 'bytes=10-19', 'if-range': (await fetchBytes(updates(APPIMAGE))).res.headers.get('etag') ?? '' });
    expect(res.status).toBe(206);
  });

  it('HEAD answers the size without the body; If-None-Match with the ETag is 304', async () => {
    const head = await fetch(`${hub.url}${updates(APPIMAGE)}`, { method: 'HEAD', headers: { authorization: `Bearer ${member}` } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(installer.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const etag = head.headers.get('etag') ?? '';
    expect((await fetchBytes(updates('latest-linux.yml'))).res.status).toBe(200);
    expect((await fetchBytes(updates(APPIMAGE), { 'if-none-match': etag })).res.status).toBe(304);
  });

  it('only signed-in people: 401 without a session or with an unknown token; the web cookie works too', async () => {
    for (const file of ['latest-linux.yml', APPIMAGE]) {
      expect((await fetch(`${hub.url}${updates(file)}`)).status).toBe(401);
      expect((await fetch(`${hub.url}${updates(file)}`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    }
    expect((await fetch(`${hub.url}${updates('latest-linux.yml')}`, { headers: { cookie: `hub_session=${member}` } })).status).toBe(200);
  });

  it('only plain names inside the folder: traversal, dot-files and odd names are 404 (a NUL 400) with the error body', async () => {
    for (const name of ['..%2Fsecret.txt', '%2E%2E%2Fsecret.txt', '..%5Csecret.txt', '.hidden', '%2Ehidden', 'releases%2F..%2F..%2Fsecret.txt', 'nope.exe']) {
      const res = await hub.get(updates(name), { token: member });
      expect(res.status, name).toBe(404);
      expect(res.body.errors[0].message, name).toEqual(expect.any(String));
    }
    // NUL in any string is refused before a route reads it
    expect((await hub.get(updates('latest-linux.yml%00.png'), { token: member })).status).toBe(400);
    // a literal ../ is resolved by the client before it leaves: it lands outside the route
    expect((await fetch(`${hub.url}/api/desktop/updates/../../secret.txt`, { headers: { authorization: `Bearer ${member}` } })).status).toBe(404);
  });

  it('no release: the metadata is 404 saying so, on a hub with an empty folder or none', async () => {
    const res = await hub.get(updates('latest-mac.yml'), { token: member });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].message).toBe(DESKTOP_RELEASE_MESSAGES.noRelease);
    const token = (await bare.login((await createUser(bare.db, { firstLogin: false })).username, TEST_PASSWORD)).token;
    const none = await bare.get(updates('latest.yml'), { token });
    expect(none.status).toBe(404);
    expect(none.body.errors[0].message).toBe(DESKTOP_RELEASE_MESSAGES.noRelease);
    expect(desktopPolicyResponseSchema.parse(camelize((await bare.get('/api/desktop/policy?platform=linux', { token })).body)).data).toEqual({ latestVersion: null, requiredVersion: null });
  });
});

describe('GET /api/desktop/policy', () => {
  it('answers the latest version from the metadata, per platform', async () => {
    const linux = await hub.get('/api/desktop/policy?platform=linux', { token: member });
    expect(linux.status).toBe(200);
    expect(desktopPolicyResponseSchema.parse(camelize(linux.body)).data.latestVersion).toBe('1.2.0');
    const mac = await hub.get('/api/desktop/policy?platform=darwin', { token: member });
    expect(desktopPolicyResponseSchema.parse(camelize(mac.body)).data).toEqual({ latestVersion: null, requiredVersion: null });
  });

  it('refuses an unknown platform (400) and anyone not signed in (401)', async () => {
    const res = await hub.get('/api/desktop/policy?platform=beos', { token: member });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ field: 'platform', message: 'Platform must be one of win32, darwin, linux.' });
    expect((await hub.get('/api/desktop/policy', { token: member })).body.errors[0].field).toBe('platform');
    expect((await hub.get('/api/desktop/policy?platform=linux')).status).toBe(401);
  });
});

describe('Admin → Desktop app', () => {
  it('a member gets 403 on every admin call, and nothing changes', async () => {
    const form = new FormData();
    form.append('files', new Blob([linuxYml]), 'latest-linux.yml');
    const answers = await Promise.all([
      hub.get('/api/desktop/releases', { token: member }),
      hub.request('PUT', '/api/desktop/releases/linux/required', { token: member, body: { version: '1.2.0' } }),
      hub.request('DELETE', '/api/desktop/releases/linux/required', { token: member }),
      hub.get('/api/desktop/connected-versions', { token: member }),
      fetch(`${hub.url}/api/desktop/releases`, { method: 'POST', headers: { authorization: `Bearer ${member}` }, body: form }).then((r) => ({ status: r.status })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 403]);
    const policy = await hub.get('/api/desktop/policy?platform=linux', { token: member });
    expect(policy.body.data.required_version).toBeNull();
  });

  it('lists each platform: the release with its files, sizes, sha512 and blockmap, or none', async () => {
    const res = await hub.get('/api/desktop/releases', { token: admin });
    expect(res.status).toBe(200);
    const { folder, platforms } = desktopReleasesResponseSchema.parse(camelize(res.body)).data;
    expect(folder).toBe(true);
    expect(platforms.map((p) => p.platform)).toEqual(['win32', 'darwin', 'linux']);
    expect(platforms.find((p) => p.platform === 'linux')).toEqual({
      platform: 'linux',
      requiredVersion: null,
      release: { version: '1.2.0', releaseDate: '2026-11-20T10:00:00.000Z', files: [{ name: APPIMAGE, size: installer.length, sha512: true, blockmap: true }] },
    });
    expect(platforms.find((p) => p.platform === 'darwin')?.release).toBeNull();
  });

  it('marks the published release required and back, each change audited; the policy follows', async () => {
    const marked = await hub.request('PUT', '/api/desktop/releases/linux/required', { token: admin, body: { version: '1.2.0' } });
    expect(marked.status).toBe(200);
    expect(desktopPlatformReleaseResponseSchema.parse(camelize(marked.body)).data.requiredVersion).toBe('1.2.0');
    const policy = await hub.get('/api/desktop/policy?platform=linux', { token: member });
    expect(desktopPolicyResponseSchema.parse(camelize(policy.body)).data).toEqual({ latestVersion: '1.2.0', requiredVersion: '1.2.0' });

    const unmarked = await hub.request('DELETE', '/api/desktop/releases/linux/required', { token: admin });
    expect(desktopPlatformReleaseResponseSchema.parse(camelize(unmarked.body)).data.requiredVersion).toBeNull();
    expect((await hub.get('/api/desktop/policy?platform=linux', { token: member })).body.data.required_version).toBeNull();

    const audit = await hub.db.select().from(auditLog).where(and(eq(auditLog.entity, 'desktop_release'), eq(auditLog.entityId, 'linux')));
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['require', { requiredVersion: null }, { requiredVersion: '1.2.0' }],
      ['not-required', { requiredVersion: '1.2.0' }, { requiredVersion: null }],
    ]);
    // taking away a mark that is not there changes nothing and writes nothing
    expect((await hub.request('DELETE', '/api/desktop/releases/linux/required', { token: admin })).status).toBe(200);
    expect(await hub.db.select().from(auditLog).where(eq(auditLog.entity, 'desktop_release'))).toHaveLength(2);
  });

  it('only a published version can be required', async () => {
    for (const [platform, version] of [['linux', '9.9.9'], ['darwin', '1.2.0']]) {
      const res = await hub.request('PUT', `/api/desktop/releases/${platform}/required`, { token: admin, body: { version } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({ message: DESKTOP_RELEASE_MESSAGES.notPublished, field: 'version' });
    }
    expect((await hub.request('PUT', '/api/desktop/releases/beos/required', { token: admin, body: { version: '1.2.0' } })).status).toBe(400);
  });
});

describe('POST /api/desktop/releases (upload)', () => {
  const setup = randomBytes(200_000);
  const setupMap = randomBytes(1_000);
  const SETUP = 'Bitstone-Hub-Setup-1.3.0.exe';

  function upload(files: { name: string; bytes: Uint8Array | string }[], token = admin) {
    const form = new FormData();
    for (const f of files) form.append('files', new Blob([typeof f.bytes === 'string' ? f.bytes : new Uint8Array(f.bytes)]), f.name);
    return fetch(`${hub.url}/api/desktop/releases`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
      .then(async (res) => ({ status: res.status, body: await res.json() }));
  }

  const leftovers = async () => (await readdir(releasesDir)).filter((name) => name.startsWith('.upload-'));

  it('a wrong sha512, a missing file and a stray file are 400, one error per file, and nothing is written', async () => {
    const yml = metadataFor('1.3.0', [{ name: SETUP, bytes: setup }, { name: 'Bitstone-Hub-1.3.0.zip', bytes: setupMap }]);
    const res = await upload([{ name: 'latest.yml', bytes: yml }, { name: SETUP, bytes: randomBytes(200_000) }, { name: 'notes.txt', bytes: 'hello' }]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([
      { message: releaseFileError(SETUP, DESKTOP_RELEASE_MESSAGES.sha512), field: 'files' },
      { message: releaseFileError('Bitstone-Hub-1.3.0.zip', DESKTOP_RELEASE_MESSAGES.missing), field: 'files' },
      { message: releaseFileError('notes.txt', DESKTOP_RELEASE_MESSAGES.unnamed), field: 'files' },
    ]));
    expect(res.body.errors).toHaveLength(3);
    expect(await readdir(releasesDir)).not.toContain('latest.yml');
    expect(await readdir(releasesDir)).not.toContain(SETUP);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses an upload with no metadata, metadata that is not electron-builder’s, and names that are not plain', async () => {
    const noMetadata = await upload([{ name: SETUP, bytes: setup }]);
    expect(noMetadata.status).toBe(400);
    expect(noMetadata.body.errors).toContainEqual({ message: DESKTOP_RELEASE_MESSAGES.noMetadata, field: 'files' });
    const bad = await upload([{ name: 'latest.yml', bytes: 'hello: world\n' }]);
    expect(bad.body.errors).toEqual([{ message: releaseFileError('latest.yml', DESKTOP_RELEASE_MESSAGES.badMetadata), field: 'files' }]);
    const hidden = await upload([{ name: 'latest.yml', bytes: metadataFor('1.3.0', [{ name: SETUP, bytes: setup }]) }, { name: SETUP, bytes: setup }, { name: '.profile', bytes: 'x' }]);
    expect(hidden.status).toBe(400);
    expect(hidden.body.errors).toEqual([{ message: releaseFileError('.profile', DESKTOP_RELEASE_MESSAGES.badFileName), field: 'files' }]);
    const none = await fetch(`${hub.url}/api/desktop/releases`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: new FormData() });
    expect(none.status).toBe(400);
    expect(await leftovers()).toEqual([]);
    expect(await readdir(releasesDir)).not.toContain('latest.yml');
  });

  it('publishes a checked release: served at once, listed, audited, no staging left behind', async () => {
    const yml = metadataFor('1.3.0', [{ name: SETUP, bytes: setup }]);
    const res = await upload([{ name: SETUP, bytes: setup }, { name: `${SETUP}.blockmap`, bytes: setupMap }, { name: 'latest.yml', bytes: yml }]);
    expect(res.status).toBe(200);
    const { published } = desktopUploadResponseSchema.parse(camelize(res.body)).data;
    expect(published).toEqual([{
      platform: 'win32', requiredVersion: null,
      release: { version: '1.3.0', releaseDate: '2026-11-20T10:00:00.000Z', files: [{ name: SETUP, size: setup.length, sha512: true, blockmap: true }] },
    }]);
    const served = await fetchBytes(updates(SETUP));
    expect(sha512(served.bytes)).toBe(sha512(setup));
    expect(served.res.headers.get('content-type')).toBe('application/vnd.microsoft.portable-executable');
    expect(Buffer.from((await fetchBytes(updates('latest.yml'))).bytes).toString('utf8')).toBe(yml);
    const policy = await hub.get('/api/desktop/policy?platform=win32', { token: member });
    expect(policy.body.data.latest_version).toBe('1.3.0');
    const [audit] = await hub.db.select().from(auditLog).where(and(eq(auditLog.entity, 'desktop_release'), eq(auditLog.action, 'publish')));
    expect(audit).toMatchObject({ entityId: 'win32', after: { version: '1.3.0', files: [SETUP] } });
    expect(await leftovers()).toEqual([]);
  });

  it("takes the NSIS installer under electron-builder's own name (spaces) and publishes it as latest.yml names it (dashes)", async () => {
    const exe = randomBytes(3_000_000); // past the hub's 1 MiB body limit: multipart streams
    const named = 'Bitstone-Hub-Setup-1.4.0.exe';
    const yml = metadataFor('1.4.0', [{ name: named, bytes: exe }]);
    const res = await upload([{ name: 'latest.yml', bytes: yml }, { name: 'Bitstone Hub Setup 1.4.0.exe', bytes: exe }, { name: 'Bitstone Hub Setup 1.4.0.exe.blockmap', bytes: setupMap }]);
    expect(res.status).toBe(200);
    expect(desktopUploadResponseSchema.parse(camelize(res.body)).data.published[0].release?.files).toEqual([{ name: named, size: exe.length, sha512: true, blockmap: true }]);
    expect(sha512((await fetchBytes(updates(named))).bytes)).toBe(sha512(exe));
    expect((await fetchBytes(updates(`${named}.blockmap`))).res.status).toBe(200);
    // a wrong file under the spaced name is named as it was chosen
    const wrong = await upload([{ name: 'latest.yml', bytes: metadataFor('1.4.1', [{ name: 'Bitstone-Hub-Setup-1.4.1.exe', bytes: exe }]) }, { name: 'Bitstone Hub Setup 1.4.1.exe', bytes: setup }]);
    expect(wrong.body.errors).toEqual([{ message: releaseFileError('Bitstone Hub Setup 1.4.1.exe', DESKTOP_RELEASE_MESSAGES.sha512), field: 'files' }]);
  });

  it('a hub without a releases folder refuses uploads (409) and lists no folder', async () => {
    const role = await createRole(bare.db, { capabilities: ['VIEW_ADMIN'] });
    const token = (await bare.login((await createUser(bare.db, { roleId: role.id, firstLogin: false })).username, TEST_PASSWORD)).token;
    const form = new FormData();
    form.append('files', new Blob([linuxYml]), 'latest-linux.yml');
    const res = await fetch(`${bare.url}/api/desktop/releases`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(409);
    expect((await res.json()).errors[0].message).toBe(DESKTOP_RELEASE_MESSAGES.noFolder);
    const list = desktopReleasesResponseSchema.parse(camelize((await bare.get('/api/desktop/releases', { token })).body)).data;
    expect(list).toEqual({ folder: false, platforms: [
      { platform: 'win32', release: null, requiredVersion: null },
      { platform: 'darwin', release: null, requiredVersion: null },
      { platform: 'linux', release: null, requiredVersion: null },
    ] });
  });
});

describe('GET /api/desktop/connected-versions', () => {
  it('counts people and sessions per app version and platform among live desktop sessions', async () => {
    const signInWith = async (username: string, userAgent: string) => {
      const res = await hub.request('POST', '/api/auth/login', { body: { username, password: TEST_PASSWORD }, headers: { 'user-agent': userAgent } });
      expect(res.status).toBe(200);
    };
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createUser(hub.db, { firstLogin: false })));
    await signInWith(a.username, 'BitstoneHub/1.1.0 (linux; Electron 45.5.0)');
    await signInWith(a.username, 'BitstoneHub/1.1.0 (linux; Electron 45.5.0)');
    await signInWith(b.username, 'BitstoneHub/1.1.0 (linux; Electron 45.5.0)');
    await signInWith(b.username, 'BitstoneHub/1.2.0 (win32; Electron 45.5.0)');
    await signInWith(c.username, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36');
    // an ended session is not connected
    await signInWith(c.username, 'BitstoneHub/0.9.0 (darwin; Electron 45.5.0)');
    await hub.db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, c.id)));

    const res = await hub.get('/api/desktop/connected-versions', { token: admin });
    expect(res.status).toBe(200);
    expect(connectedVersionsResponseSchema.parse(camelize(res.body)).data.items).toEqual([
      { version: '1.2.0', platform: 'win32', people: 1, sessions: 1 },
      { version: '1.1.0', platform: 'linux', people: 2, sessions: 3 },
    ]);
  });
});
