import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

// The offline worker keeps every file of the build as it installs. One failed fetch
// among a hundred-odd (a busy hub, a network that blinks) must not cost offline viewing until the
// next page load: the worker tries the set again before its install fails.

const SCRIPT = readFileSync(path.join(__dirname, '../../renderer/public/offline-sw.js'), 'utf8');

/** Runs the worker script with fake browser globals; resolves with what its install did. */
async function install(addAllFailures: number): Promise<{ outcome: 'installed' | 'failed'; addAllCalls: number; urls: string[] }> {
  const listeners = new Map<string, (event: unknown) => void>();
  let addAllCalls = 0;
  let urls: string[] = [];
  const cache = {
    addAll: async (requests: Request[]) => {
      addAllCalls += 1;
      urls = requests.map((r) => r.url);
      if (addAllCalls <= addAllFailures) throw new TypeError('Failed to fetch');
    },
  };
  const context = vm.createContext({
    self: {
      location: { href: 'http://hub.test/offline-sw.js?release=index-A1' },
      registration: { scope: 'http://hub.test/' },
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      skipWaiting: () => undefined,
      clients: { claim: async () => undefined },
    },
    caches: { open: async () => cache, keys: async () => [], delete: async () => true },
    fetch: async () => ({ ok: true, json: async () => ({ files: ['assets/index-A1.js', 'assets/HolidaysPage-B2.js'] }) }),
    Request,
    URL,
    Promise,
    // the worker's pause between attempts, without the wait
    setTimeout: (callback: () => void) => { callback(); return 0; },
  });
  vm.runInContext(SCRIPT, context);
  let waited: Promise<unknown> = Promise.resolve();
  listeners.get('install')!({ waitUntil: (promise: Promise<unknown>) => { waited = promise; } });
  const outcome = await waited.then(() => 'installed' as const, () => 'failed' as const);
  return { outcome, addAllCalls, urls };
}

describe('the offline worker keeping the build as it installs', () => {
  it('keeps the document and every listed file', async () => {
    expect(await install(0)).toEqual({
      outcome: 'installed', addAllCalls: 1,
      urls: ['http://hub.test/', 'http://hub.test/assets/index-A1.js', 'http://hub.test/assets/HolidaysPage-B2.js'],
    });
  });

  it('tries again when a fetch fails, and installs', async () => {
    expect(await install(2)).toMatchObject({ outcome: 'installed', addAllCalls: 3 });
  });

  it('fails its install after three failed attempts (the page registers it again on its next load)', async () => {
    expect(await install(5)).toMatchObject({ outcome: 'failed', addAllCalls: 3 });
  });
});
