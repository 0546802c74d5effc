// Offline viewing on the web: the hub serves the web app, so with the hub down a reload
// would find nothing. A small service worker (public/offline-sw.js) keeps the app's own files —
// never /api answers, which the query cache keeps per user — and serves them when the hub is away.
// One cache per release; the worker of a new release deletes the others as it activates.
// The worker keeps every file of the build as it installs (the build's
// offline-files.json), not only those a page happened to load.

/** Every cache of ours starts with this; the worker deletes the ones not of its release. */
export const SHELL_CACHE_PREFIX = 'beot-shell-';
const WORKER_PATH = '/offline-sw.js';

export const shellCacheName = (release: string): string => `${SHELL_CACHE_PREFIX}${release}`;

/**
 * This build's release from its entry script's URL: the file name, which the build hashes from its
 * content and from every chunk it loads, so any change to the app renames it. Null without a
 * built entry (the dev server), where there is no worker either.
 */
export function releaseOf(entrySrc: string | null | undefined): string | null {
  const name = entrySrc ? new URL(entrySrc, 'http://x').pathname.split('/').pop() : undefined;
  return name && /^[\w.-]+\.js$/.test(name) ? name.slice(0, -'.js'.length) : null;
}

let registered = false;

export function registerOfflineShell(): void {
  if (registered || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (!/^https?:$/.test(window.location.protocol) || import.meta.env.DEV) return;
  const release = releaseOf(document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src);
  if (!release) return;
  registered = true;
  navigator.serviceWorker.register(`${WORKER_PATH}?release=${encodeURIComponent(release)}`).catch(() => {
    // no worker (policy, private mode): the web app works, only not across a reload offline
  });
}
