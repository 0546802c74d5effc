import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

// The locks a hub takes while it opens its database:
// - PostgreSQL: hubs sharing one database may start at the same moment on an empty database;
//   an advisory lock lets exactly one of them migrate and seed while the others wait, then
//   find the work done.
// - PGlite: one data folder serves one process (two PGlite engines on one folder corrupt it),
//   so the folder carries a lock file naming its process.

/** pg_advisory_lock key of hub start-up: 'Bitstone' in ASCII, constant across versions. */
const STARTUP_LOCK_KEY = '4785484118281383525';

export interface StartupLock {
  release(): Promise<void>;
}

/**
 * Waits until no other hub is migrating or seeding this PostgreSQL database. The lock lives on
 * its own connection, so a hub that dies while holding it frees it with its connection.
 */
export async function acquireStartupLock(databaseUrl: string | undefined): Promise<StartupLock> {
  if (!databaseUrl) return { release: async () => {} };
  const client = new pg.Client({ connectionString: databaseUrl });
  // a dropped lock connection must not crash the hub; releasing then has nothing to do
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${STARTUP_LOCK_KEY})`);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      try {
        await client.query(`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`);
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}

/** The lock file inside a PGlite data folder (restore removes the copy a backup carries). */
export const DATA_FOLDER_LOCK = 'hub.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process, or refuses with a clear message while another live
 * process holds it. A lock left by a killed process is taken over. Returns the release.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, DATA_FOLDER_LOCK);
  const release = () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // released between our two calls
    }
    // Our own pid can only be a leftover (a container restarted with the same pid numbers).
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The data folder ${dataDir} is in use by another hub process (pid ${holder}): one PGlite folder serves one process. ` +
          `Stop that hub first (if no hub runs, delete ${file}).`,
      );
    }
    try {
      unlinkSync(file);
    } catch {
      // another process took it over first; the next attempt sees theirs
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}: another process keeps taking it.`);
}
