import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// The web app's service worker (renderer/public/offline-sw.js) keeps every file of the
// build from the moment it installs, so a screen never opened before still loads its code with
// the hub down. It learns which files those are from this list, written by the build beside them.

/** The list's name in the build, next to index.html; the worker fetches it at install. */
export const OFFLINE_FILES = 'offline-files.json';

/** The worker itself (the browser keeps it) and the document, which the worker keeps under its scope ('/'). */
const NOT_LISTED = new Set(['offline-sw.js', 'index.html', OFFLINE_FILES]);

export interface OfflineFileList {
  files: string[];
}

/** The files the worker keeps, as paths relative to the build's root (so to the worker's scope). */
export function offlineFileList(written: Iterable<string>): OfflineFileList {
  const files = [...new Set(written)]
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => !NOT_LISTED.has(file) && !file.endsWith('.map') && !file.startsWith('.'));
  return { files: files.sort() };
}

function filesUnder(dir: string, prefix = ''): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/** Writes OFFLINE_FILES: every chunk, style and asset of the bundle plus the public folder's files. */
export function offlineFiles(): Plugin {
  let publicDir = '';
  return {
    name: 'hub-offline-files',
    apply: 'build',
    // after vite's own plugins have added their files (the HTML, the styles) to the bundle
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const list = offlineFileList([...Object.keys(bundle), ...(publicDir ? filesUnder(publicDir) : [])]);
      this.emitFile({ type: 'asset', fileName: OFFLINE_FILES, source: `${JSON.stringify(list, null, 1)}\n` });
    },
  };
}
