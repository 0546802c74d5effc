import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version as packageVersion } from '../../package.json';
import { camelize } from '../../shared/api/case';
import { errorBodySchema } from '../../shared/api/common';
import { desktopPolicyResponseSchema } from '../../shared/api/desktop';
import { healthResponseSchema } from '../../shared/api/health';
import { APP_VERSION_HEADER, appTooOldMessage, HUB_API_LEVEL, MIN_APP_VERSION } from '../../shared/rules/app-compat';
import { startTestHub, type TestHub } from '../support/hub';

// The hub tells the desktop app its version and API level, and answers an app older
// than it serves with 426 and the plain-words message; browsers (no header) are never refused.
let hub: TestHub;
let token: string;
beforeAll(async () => {
  hub = await startTestHub({ seed: 'demo' });
  token = (await hub.login('admin')).token;
});
afterAll(async () => {
  await hub?.close();
});

const OLD_APP = '0.0.1';
const hubAddress = () => hub.url.replace(/\/+$/, '');

describe('GET /api/health: the levels the app compares', () => {
  it("reports the hub's release, API level and the oldest app it serves", async () => {
    const res = await hub.get('/api/health');
    expect(res.status).toBe(200);
    const { data } = healthResponseSchema.parse(camelize(res.body));
    expect(data).toMatchObject({ version: packageVersion, apiLevel: HUB_API_LEVEL, minAppVersion: MIN_APP_VERSION });
  });

  it('answers an app too old for the hub too, so it can read why', async () => {
    const res = await hub.get('/api/health', { headers: { [APP_VERSION_HEADER]: OLD_APP } });
    expect(res.status).toBe(200);
  });
});

describe('an app older than the hub serves', () => {
  it('is answered 426 with the message, before sign-in is even asked', async () => {
    const res = await hub.post('/api/auth/login', { username: 'admin', password: 'demo' }, { headers: { [APP_VERSION_HEADER]: OLD_APP } });
    expect(res.status).toBe(426);
    const body = errorBodySchema.parse(res.body);
    expect(body.errors).toEqual([{ message: appTooOldMessage(OLD_APP, hubAddress()) }]);
    expect(body.errors[0].message).toContain(`This app (${OLD_APP}) is older than the hub at ${hubAddress()} supports`);
  });

  it('is refused on signed-in calls too, but may still reach the release routes to update itself', async () => {
    const me = await hub.get('/api/auth/me', { token, headers: { [APP_VERSION_HEADER]: OLD_APP } });
    expect(me.status).toBe(426);
    const policy = await hub.get('/api/desktop/policy?platform=linux', { token, headers: { [APP_VERSION_HEADER]: OLD_APP } });
    expect(policy.status).toBe(200);
    expect(desktopPolicyResponseSchema.parse(camelize(policy.body)).data).toHaveProperty('latestVersion');
    // and the release files: no release here, so the routes' own 404, not the refusal
    const latest = await hub.get('/api/desktop/updates/latest-linux.yml', { token, headers: { [APP_VERSION_HEADER]: OLD_APP } });
    expect(latest.status).not.toBe(426);
  });
});

describe('callers the check leaves alone', () => {
  it('a current app, a newer app and a browser (no header) are served', async () => {
    const callers: Array<Record<string, string>> = [{ [APP_VERSION_HEADER]: MIN_APP_VERSION }, { [APP_VERSION_HEADER]: '99.0.0' }, {}];
    for (const headers of callers) {
      const res = await hub.get('/api/auth/me', { token, headers });
      expect(res.status).toBe(200);
    }
  });

  it('a header that is no version is not taken for an old app', async () => {
    const res = await hub.get('/api/auth/me', { token, headers: { [APP_VERSION_HEADER]: 'banana' } });
    expect(res.status).toBe(200);
  });
});
