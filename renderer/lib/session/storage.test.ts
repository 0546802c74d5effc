import { describe, expect, it } from 'vitest';
import { clearOwnKeys, deviceKey, isOwnKey, storageKey } from './storage';

function fakeStorage(initial: Record<string, string>) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('browser storage keys', () => {
  it('are prefixed with beot', () => {
    expect(storageKey('user')).toBe('beot.user');
    expect(storageKey('firstLogin')).toMatch(/^beot/);
    expect(isOwnKey(storageKey('anything'))).toBe(true);
  });

  it('a session sweep removes only our keys', () => {
    const s = fakeStorage({ 'beot.user': '{}', 'beot.firstLogin': 'true', 'other.app': 'x', beothing: 'y' });
    clearOwnKeys(s);
    expect([...s.map.keys()].sort()).toEqual(['beothing', 'other.app']);
  });

  it("a session sweep leaves the device's keys (the theme choices)", () => {
    const s = fakeStorage({ 'beot.user': '{}', [deviceKey('theme.last')]: 'dark', [deviceKey('theme.user.7')]: 'light' });
    clearOwnKeys(s);
    expect([...s.map.keys()].sort()).toEqual(['beot.device.theme.last', 'beot.device.theme.user.7']);
  });
});
