import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from './env';

describe('optionsFromEnv (design §5)', () => {
  it('defaults to 127.0.0.1:8080, ./.hub-data and the demo company', () => {
    expect(optionsFromEnv({})).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: path.resolve('.hub-data'), demo: true, databaseUrl: undefined });
  });

  it('reads PORT, DATABASE_URL and HUB_DEMO=0 with the bootstrap admin', () => {
    const options = optionsFromEnv({ PORT: '0', DATABASE_URL: 'postgres://h/db', HUB_DEMO: '0', HUB_ADMIN_USERNAME: 'root', HUB_ADMIN_PASSWORD: 's3cret' });
    expect(options).toMatchObject({ port: 0, databaseUrl: 'postgres://h/db', demo: false, adminUsername: 'root', adminPassword: 's3cret' });
  });

  it('the embedded hub defaults to a free port', () => {
    expect(optionsFromEnv({}, { port: 0 }).port).toBe(0);
  });

  it('serves desktop releases from HUB_RELEASES_DIR, by default `releases` in the data folder, none with 0', () => {
    expect(optionsFromEnv({ HUB_DATA_DIR: '/srv/hub' }).releasesDir).toBe(path.resolve('/srv/hub/releases'));
    expect(optionsFromEnv({ HUB_RELEASES_DIR: '/srv/releases' }).releasesDir).toBe(path.resolve('/srv/releases'));
    expect(optionsFromEnv({ HUB_RELEASES_DIR: '0' }).releasesDir).toBeNull();
  });

  it('a stop drains for HUB_DRAIN_DELAY then HUB_DRAIN_TIMEOUT seconds (0 and 10 by default)', () => {
    expect(optionsFromEnv({})).toMatchObject({ drainDelayMs: 0, drainTimeoutMs: 10_000 });
    expect(optionsFromEnv({ HUB_DRAIN_DELAY: '2.5', HUB_DRAIN_TIMEOUT: '30' })).toMatchObject({ drainDelayMs: 2500, drainTimeoutMs: 30_000 });
    expect(() => optionsFromEnv({ HUB_DRAIN_TIMEOUT: 'soon' })).toThrow(/HUB_DRAIN_TIMEOUT/);
  });

  it('metrics only on a port of their own, loopback by default, a token required elsewhere', () => {
    const token = 'a'.repeat(32);
    expect(optionsFromEnv({}).metrics).toBeNull();
    expect(optionsFromEnv({ HUB_METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464, token: null });
    expect(optionsFromEnv({ HUB_METRICS_PORT: '9464', HUB_METRICS_HOST: '10.0.0.5', HUB_METRICS_TOKEN: token }).metrics).toEqual({ host: '10.0.0.5', port: 9464, token });
    expect(() => optionsFromEnv({ HUB_METRICS_PORT: '9464', HUB_METRICS_HOST: '0.0.0.0' })).toThrow(/HUB_METRICS_HOST '0\.0\.0\.0' is not a loopback address: set HUB_METRICS_TOKEN/);
    expect(() => optionsFromEnv({ HUB_METRICS_TOKEN: token })).toThrow(/need HUB_METRICS_PORT/);
    expect(() => optionsFromEnv({ HUB_METRICS_PORT: '9464', HUB_METRICS_TOKEN: 'short' })).toThrow(/HUB_METRICS_TOKEN must be at least 24 characters/);
    expect(() => optionsFromEnv({ HUB_METRICS_PORT: '9464', HUB_METRICS_TOKEN: `${token} x` })).toThrow(/without spaces/);
    expect(() => optionsFromEnv({ HUB_METRICS_PORT: 'prom' })).toThrow(/HUB_METRICS_PORT must be a port number/);
  });

  it('refuses a port that is not one', () => {
    expect(() => optionsFromEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
