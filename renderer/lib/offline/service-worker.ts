// issue 6 offline viewing on the web: the hub serves the web app, so with the hub down a reload
// would find nothing. A small service worker (public/offline-sw.js) keeps the app's own files —
// never /api answers, which the query cache keeps per user — and serves them when the hub is away.

export const SHELL_CACHE = 'beot-shell-v1';
const WORKER_PATH = '/offline-sw.js';

let registered = false;

export function registerOfflineShell(): void {
  if (registered || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (!/^https?:$/.test(window.location.protocol) || import.meta.env.DEV) return;
  registered = true;
  navigator.serviceWorker
    .register(WORKER_PATH)
    .then(() => navigator.serviceWorker.ready)
    .then(keepLoadedFiles)
    .catch(() => {
      // no worker (policy, private mode): the web app works, only not across a reload offline
    });
}

/** The files this page loaded before the worker took over, which it therefore never saw. */
async function keepLoadedFiles(): Promise<void> {
  const origin = window.location.origin;
  const files = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((url) => url.startsWith(`${origin}/`) && !url.startsWith(`${origin}/api/`));
  const cache = await caches.open(SHELL_CACHE);
  // the document under '/', where the worker looks for it whatever path is being opened
  await cache.put(`${origin}/`, await fetch(`${origin}/`, { cache: 'no-cache' }));
  await Promise.all([...new Set(files)].map((url) => cache.add(url).catch(() => undefined)));
}
