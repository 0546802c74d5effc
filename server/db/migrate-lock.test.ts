import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_FOLDER_LOCK, lockDataFolder } from './migrate-lock';

// The PGlite folder lock: one live process at a time, and a lock left by a killed hub (or by a
// restarted container that reuses our pid) never keeps the hub from starting.

let dir: string;
const lockFile = () => path.join(dir, DATA_FOLDER_LOCK);

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hub-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('lockDataFolder', () => {
  it('writes our pid and removes it on release', () => {
    const release = lockDataFolder(dir);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses while another live process holds the folder, naming it', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFile(), `${holder.pid}\n`);
      expect(() => lockDataFolder(dir)).toThrow(`in use by another hub process (pid ${holder.pid})`);
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(holder.pid));
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that is gone, and a leftover with our own pid', () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.pid'], { stdio: 'ignore' }).pid;
    writeFileSync(lockFile(), `${gone}\n`);
    const release = lockDataFolder(dir);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    release();
    writeFileSync(lockFile(), `${process.pid}\n`);
    lockDataFolder(dir)();
    expect(existsSync(lockFile())).toBe(false);
  });
});
