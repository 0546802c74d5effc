import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A throwaway PostgreSQL cluster on a free loopback port, for tests and benchmarks. It uses
// Debian's server binaries (apt-get install postgresql); PostgreSQL refuses to run as root,
// so as root the cluster belongs to the 'postgres' system user.

export interface Cluster {
  url: string;
  stop(): Promise<void>;
}

export function findPgBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startCluster(): Promise<Cluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found: apt-get install postgresql');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const run = (cmd: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' });
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'hub', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const args = ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'];
  const child = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', path.join(bin, 'postgres'), ...args], { stdio: 'ignore' })
    : spawn(path.join(bin, 'postgres'), args, { stdio: 'ignore' });
  const url = `postgres://hub@127.0.0.1:${port}/postgres`;
  await waitForPort(port, 30_000);
  // accepting TCP is not yet accepting queries; pg_isready waits for the latter
  for (let i = 0; i < 100; i++) {
    try {
      execFileSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'hub'], { stdio: 'pipe' });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      // runuser does not pass SIGINT on to postgres, so signal the postmaster itself (its pid is
      // the first line of postmaster.pid); otherwise it outlives the tests until it notices its
      // data folder is gone.
      const postmaster = readPostmasterPid(dataDir);
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (postmaster) signal(postmaster, 'SIGINT'); // fast shutdown
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (postmaster) await waitForExit(postmaster, 10_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PostgreSQL did not start on port ${port}`);
}

function readPostmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function signal(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false; // already gone
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (!signal(pid, 0)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  signal(pid, 'SIGKILL');
}
