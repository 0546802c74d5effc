import { describe, expect, it } from 'vitest';
import { appTooOld, appTooOldMessage, compareVersions, hubTooOld, hubTooOldMessage, isVersion, MIN_HUB_API_LEVEL } from './app-compat';

describe('compareVersions', () => {
  it('orders x.y.z by number, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBe(1);
    expect(compareVersions('1.2.0', '1.2.0')).toBe(0);
    expect(compareVersions('0.9.9', '1.0.0')).toBe(-1);
    expect(compareVersions('2.0.0', '10.0.0')).toBe(-1);
    expect(compareVersions('v1.2.3', '1.2.3')).toBe(0);
  });

  it('puts a pre-release before its release, and orders pre-releases as semver does', () => {
    expect(compareVersions('1.2.0-beta.1', '1.2.0')).toBe(-1);
    expect(compareVersions('1.2.0-beta.2', '1.2.0-beta.10')).toBe(-1);
    expect(compareVersions('1.2.0-alpha', '1.2.0-beta')).toBe(-1);
    expect(compareVersions('1.2.0-1', '1.2.0-alpha')).toBe(-1);
    expect(compareVersions('1.2.0-beta', '1.2.0-beta.1')).toBe(-1);
    expect(compareVersions('1.2.0+build.5', '1.2.0')).toBe(0);
  });

  it('sorts a malformed version before every real one', () => {
    expect(isVersion('1.2')).toBe(false);
    expect(compareVersions('banana', '0.0.1')).toBe(-1);
    expect(compareVersions('0.0.1', 'banana')).toBe(1);
  });
});

describe('who is too old', () => {
  it('an app below the minimum; an unreadable version is not judged', () => {
    expect(appTooOld('1.1.9', '1.2.0')).toBe(true);
    expect(appTooOld('1.2.0', '1.2.0')).toBe(false);
    expect(appTooOld('2.0.0', '1.2.0')).toBe(false);
    expect(appTooOld('not-a-version', '1.2.0')).toBe(false);
  });

  it('a hub below the level the app speaks', () => {
    expect(hubTooOld(MIN_HUB_API_LEVEL - 1)).toBe(true);
    expect(hubTooOld(MIN_HUB_API_LEVEL)).toBe(false);
    expect(hubTooOld(MIN_HUB_API_LEVEL + 1)).toBe(false);
  });
});

describe('the messages say what is wrong and how to fix it', () => {
  it('an app too old names both versions, the hub, and the way out', () => {
    const message = appTooOldMessage('1.2.0', 'https://hub.bitstone.example', '1.4.0');
    expect(message).toContain('This app (1.2.0) is older than the hub at https://hub.bitstone.example supports (1.4.0 or newer).');
    expect(message).toContain('ask IT');
  });

  it('a hub too old asks IT to update it and names the browser meanwhile', () => {
    const message = hubTooOldMessage('1.3.0', 'https://hub.bitstone.example');
    expect(message).toBe('This app (1.3.0) is newer than the hub at https://hub.bitstone.example. Ask IT to update the hub, or use the hub in your browser at https://hub.bitstone.example until then.');
  });
});
