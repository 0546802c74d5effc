import type { SafeStorage } from 'electron';

/** The slice of electron-store (or any key-value store) the main-process modules need. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export type TokenPersistence = 'encrypted' | 'memory';

/** Bearer tokens, one per hub (design §3). The renderer never sees them. */
export interface TokenStore {
  readonly persistence: TokenPersistence;
  get(hubKey: string): string | null;
  set(hubKey: string, token: string): void;
  clear(hubKey: string): void;
}

export interface TokenStoreDeps {
  safeStorage: Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'>;
  store: KeyValueStore;
  platform: NodeJS.Platform;
}

const STORE_KEY = 'tokens';

/**
 * design §3: safeStorage encrypts the token with an OS-held key and only the ciphertext is written
 * to electron-store. On Linux without a keyring safeStorage falls back to 'basic_text' (a fixed,
 * public key): that is no protection, so we keep the token in memory and Settings says so.
 */
export function tokenPersistence(deps: Pick<TokenStoreDeps, 'safeStorage' | 'platform'>): TokenPersistence {
  if (!deps.safeStorage.isEncryptionAvailable()) return 'memory';
  if (deps.platform === 'linux' && deps.safeStorage.getSelectedStorageBackend() === 'basic_text') return 'memory';
  return 'encrypted';
}

export function createTokenStore(deps: TokenStoreDeps): TokenStore {
  const persistence = tokenPersistence(deps);
  if (persistence === 'memory') return memoryTokenStore();

  const { safeStorage, store } = deps;
  const read = (): Record<string, string> => {
    const value = store.get(STORE_KEY);
    if (!value || typeof value !== 'object') return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  };
  const write = (all: Record<string, string>) => store.set(STORE_KEY, all);

  return {
    persistence,
    get(hubKey) {
      const cipher = read()[hubKey];
      if (!cipher) return null;
      try {
        return safeStorage.decryptString(Buffer.from(cipher, 'base64'));
      } catch {
        // The OS key changed (new keyring, restored profile): the ciphertext is useless, drop it.
        this.clear(hubKey);
        return null;
      }
    },
    set(hubKey, token) {
      write({ ...read(), [hubKey]: safeStorage.encryptString(token).toString('base64') });
    },
    clear(hubKey) {
      const all = read();
      if (!(hubKey in all)) return;
      delete all[hubKey];
      write(all);
    },
  };
}

export function memoryTokenStore(): TokenStore {
  const tokens = new Map<string, string>();
  return {
    persistence: 'memory',
    get: (hubKey) => tokens.get(hubKey) ?? null,
    set: (hubKey, token) => void tokens.set(hubKey, token),
    clear: (hubKey) => void tokens.delete(hubKey),
  };
}

/** A KeyValueStore in memory, for tests and for the e2e rig. */
export function memoryKeyValueStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Record<string, unknown> } {
  const data: Record<string, unknown> = { ...initial };
  return {
    data,
    get: (key) => data[key],
    set: (key, value) => void (data[key] = value),
    delete: (key) => void delete data[key],
  };
}
