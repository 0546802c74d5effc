import { describe, expect, it, vi } from 'vitest';
import { createTokenStore, memoryKeyValueStore, type TokenStoreDeps } from '../../electron/token-store';

vi.mock('electron', () => ({}));

type Backend = ReturnType<TokenStoreDeps['safeStorage']['getSelectedStorageBackend']>;

/** A safeStorage stand-in whose "encryption" is visible: reversed bytes with a marker. */
function fakeSafeStorage(available: boolean, backend: Backend = 'gnome_libsecret') {
  return {
    isEncryptionAvailable: vi.fn(() => available),
    getSelectedStorageBackend: vi.fn(() => backend),
    encryptString: vi.fn((plain: string) => Buffer.from(`enc:${[...plain].reverse().join('')}`)),
    decryptString: vi.fn((cipher: Buffer) => {
      const text = cipher.toString();
      if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext');
      return [...text.slice(4)].reverse().join('');
    }),
  };
}

describe('token store', () => {
  it('keeps only safeStorage ciphertext on disk when the OS offers a keychain', () => {
    const store = memoryKeyValueStore();
    const tokens = createTokenStore({ safeStorage: fakeSafeStorage(true), store, platform: 'linux' });
    expect(tokens.persistence).toBe('encrypted');
    tokens.set('embedded', 'secret-token');
    expect(JSON.stringify(store.data)).not.toContain('secret-token');
    expect(tokens.get('embedded')).toBe('secret-token');
  });

  it('survives a restart: a new store on the same file reads the token back', () => {
    const store = memoryKeyValueStore();
    createTokenStore({ safeStorage: fakeSafeStorage(true), store, platform: 'darwin' }).set('https://hub.example.com', 't1');
    const again = createTokenStore({ safeStorage: fakeSafeStorage(true), store, platform: 'darwin' });
    expect(again.get('https://hub.example.com')).toBe('t1');
  });

  it('keeps one token per hub, so one hub never receives another hub\'s token', () => {
    const tokens = createTokenStore({ safeStorage: fakeSafeStorage(true), store: memoryKeyValueStore(), platform: 'win32' });
    tokens.set('embedded', 'a');
    tokens.set('https://hub.example.com', 'b');
    expect(tokens.get('embedded')).toBe('a');
    expect(tokens.get('https://hub.example.com')).toBe('b');
    tokens.clear('embedded');
    expect(tokens.get('embedded')).toBeNull();
    expect(tokens.get('https://hub.example.com')).toBe('b');
  });

  it('keeps the token in memory only when encryption is unavailable', () => {
    const store = memoryKeyValueStore();
    const safeStorage = fakeSafeStorage(false);
    const tokens = createTokenStore({ safeStorage, store, platform: 'win32' });
    expect(tokens.persistence).toBe('memory');
    tokens.set('embedded', 'secret-token');
    expect(tokens.get('embedded')).toBe('secret-token');
    expect(store.data).toEqual({});
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
  });

  it('treats Linux basic_text (a fixed, public key) as no encryption', () => {
    const store = memoryKeyValueStore();
    const tokens = createTokenStore({ safeStorage: fakeSafeStorage(true, 'basic_text'), store, platform: 'linux' });
    expect(tokens.persistence).toBe('memory');
    tokens.set('embedded', 'secret-token');
    expect(store.data).toEqual({});
  });

  it('drops a token it can no longer decrypt instead of failing', () => {
    const store = memoryKeyValueStore({ tokens: { embedded: Buffer.from('garbage').toString('base64') } });
    const tokens = createTokenStore({ safeStorage: fakeSafeStorage(true), store, platform: 'darwin' });
    expect(tokens.get('embedded')).toBeNull();
    expect(store.data.tokens).toEqual({});
  });
});
