import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HubError } from '../../shared/api/hub-error';
import type { ChannelActions } from './result';

// Offline viewing on the desktop (docs/operations.md 'Offline viewing'): the renderer's persisted
// query cache lives in one JSON file per signed-in user in the app's user-data folder, so a restart
// with the hub down still has it.

export interface OfflineCacheDeps {
  /** e.g. {userData}/offline-cache; absent: the channels answer 503 and the app simply forgets */
  offlineCacheDir?: string;
}

const CACHE_FILE = /^user-\d+\.json$/;
const TEMP_FILE = /^user-\d+\.json\.[\w-]+\.tmp$/;

/** The schema already holds userId to a positive integer; the name is built here, never taken from the page. */
const fileName = (userId: number) => `user-${userId}.json`;

const unavailable = () =>
  new HubError({ status: 503, serverError: true, errors: [{ message: 'The offline cache is not available.' }] });

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function offlineCacheActions(deps: OfflineCacheDeps): ChannelActions<'offline-cache:load' | 'offline-cache:save' | 'offline-cache:clear'> {
  const dir = () => {
    if (!deps.offlineCacheDir) throw unavailable();
    return deps.offlineCacheDir;
  };
  return {
    async 'offline-cache:load'({ userId }) {
      try {
        return await readFile(path.join(dir(), fileName(userId)), 'utf8');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async 'offline-cache:save'({ userId, snapshot }) {
      const folder = dir();
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const target = path.join(folder, fileName(userId));
      // tmp file + rename: a crash mid-write leaves the previous cache, never half a file
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, snapshot, { encoding: 'utf8', mode: 0o600 });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return null;
    },
    async 'offline-cache:clear'() {
      const folder = dir();
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // only our own files: the folder is ours, but a stray file is not ours to delete
      await Promise.all(names.filter((n) => CACHE_FILE.test(n) || TEMP_FILE.test(n)).map((n) => rm(path.join(folder, n), { force: true })));
      return null;
    },
  };
}
