import { hubBridge } from '../transport';

// Where the persisted query cache lives between runs: desktop -> a file per user that Electron
// main writes in the app's user-data folder (the renderer has no file system); web -> IndexedDB,
// which holds megabytes where localStorage stops at a few.

export interface SnapshotStore {
  /** the JSON text saved for this user, or null */
  load(userId: number): Promise<string | null>;
  save(userId: number, snapshot: string): Promise<void>;
  /** every user's snapshot: a sign-out leaves nothing of the session on the machine */
  clear(): Promise<void>;
}

export function desktopSnapshotStore(): SnapshotStore {
  const bridge = hubBridge();
  if (!bridge) throw new Error('The desktop snapshot store needs window.hub');
  return {
    async load(userId) {
      const result = await bridge.invoke('offline-cache:load', { userId });
      return result.ok ? result.data : null;
    },
    async save(userId, snapshot) {
      await bridge.invoke('offline-cache:save', { userId, snapshot });
    },
    async clear() {
      await bridge.invoke('offline-cache:clear');
    },
  };
}

const DB_NAME = 'beot-offline';
const STORE = 'snapshots';

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

async function run<T>(factory: IDBFactory, mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb(factory);
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

export function indexedDbSnapshotStore(factory: IDBFactory = indexedDB): SnapshotStore {
  return {
    async load(userId) {
      const value: unknown = await run(factory, 'readonly', (s) => s.get(userId));
      return typeof value === 'string' ? value : null;
    },
    async save(userId, snapshot) {
      await run(factory, 'readwrite', (s) => s.put(snapshot, userId));
    },
    async clear() {
      await run(factory, 'readwrite', (s) => s.clear());
    },
  };
}

/** Chosen once: the desktop bridge when preload provided one, IndexedDB in a browser, else nothing kept. */
export function defaultSnapshotStore(): SnapshotStore | null {
  if (hubBridge()) return desktopSnapshotStore();
  if (typeof indexedDB !== 'undefined') return indexedDbSnapshotStore();
  return null;
}
