import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { z } from 'zod';
import { STORAGE_PREFIX } from '../../../shared/rules/constants';

// spec §9: every browser-storage key begins with 'beot', so one sweep clears a session.

export function storageKey(name: string): string {
  return `${STORAGE_PREFIX}.${name}`;
}

export function isOwnKey(key: string): boolean {
  return key.startsWith(`${STORAGE_PREFIX}.`);
}

/**
 * A key that belongs to the device rather than to a session (the theme choices, so the
 * login page after a sign-out paints in the last one); the session sweep leaves it.
 */
export function deviceKey(name: string): string {
  return storageKey(`device.${name}`);
}

export function isDeviceKey(key: string): boolean {
  return key.startsWith(deviceKey(''));
}

/** Removes every session key of ours from a Storage; other apps' keys and device keys stay. */
export function clearOwnKeys(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  const ours: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && isOwnKey(key) && !isDeviceKey(key)) ours.push(key);
  }
  for (const key of ours) storage.removeItem(key);
}

function browserStorage(kind: 'local' | 'session'): Storage | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined; // storage disabled by policy: the app still works, it just forgets
  }
}

export function clearAllOwnStorage(): void {
  for (const kind of ['local', 'session'] as const) {
    const storage = browserStorage(kind);
    if (storage) clearOwnKeys(storage);
  }
}

/**
 * A Jotai atom kept in localStorage under a beot key. What comes back from storage is parsed
 * with the schema: a stale or tampered value falls back to the initial value instead of
 * reaching screens with the wrong shape.
 */
export function persistentAtom<S extends z.ZodType>(name: string, schema: S, initial: z.infer<S>) {
  const json = createJSONStorage<z.infer<S>>(() => browserStorage('local') ?? memoryStorage());
  return atomWithStorage<z.infer<S>>(
    storageKey(name),
    initial,
    {
      getItem(key, init) {
        const raw: unknown = json.getItem(key, init);
        const parsed = schema.safeParse(raw);
        return parsed.success ? parsed.data : init;
      },
      setItem: (key, value) => json.setItem(key, value),
      removeItem: (key) => json.removeItem(key),
    },
    { getOnInit: true },
  );
}

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}
