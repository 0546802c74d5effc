import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, inject } from 'vitest';

// Runs before each e2e file (the project's setupFiles): takes a demo hub no other file is using,
// for the whole file, and gives it back when the file ends. A lock is a folder (mkdir is atomic)
// holding the pid of its file's process; a lock whose process is gone is taken over.

const { urls, leaseDir } = inject('e2eHubs');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
  } catch {
    let holder: number;
    try {
      holder = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
    } catch {
      return false; // just made by another file, which has not written its pid yet
    }
    if (!Number.isInteger(holder) || alive(holder)) return false;
    rmSync(lock, { recursive: true, force: true });
    return tryLock(lock);
  }
  writeFileSync(path.join(lock, 'pid'), String(process.pid));
  return true;
}

async function lease(): Promise<{ url: string; lock: string }> {
  const started = Date.now();
  for (;;) {
    for (const [i, url] of urls.entries()) {
      const lock = path.join(leaseDir, `hub-${i}`);
      if (tryLock(lock)) return { url, lock };
    }
    if (Date.now() - started > 600_000) throw new Error(`no e2e hub came free in 10 minutes (${urls.length} hubs)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const held = await lease();
process.env.E2E_HUB_URL = held.url;
afterAll(() => {
  rmSync(held.lock, { recursive: true, force: true });
});
