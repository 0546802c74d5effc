import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { REQUEST_ID_HEADER } from '../../server/plugins/request-log';

// The hub as a real child process (`tsx server/cli.ts serve`), for the fault tests:
// SIGKILL, SIGTERM, two hubs on one PostgreSQL, backup/restore through the CLI.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(ROOT, 'server/cli.ts');

/** Where a hub keeps its data: a PGlite folder (project 'api') or a PostgreSQL database ('api-pg'). */
export interface HubTarget {
  engine: 'pglite' | 'postgres';
  dataDir?: string;
  databaseUrl?: string;
  /** Removes the folder or drops the database. */
  drop(): Promise<void>;
}

/** A fresh, empty target for this project's engine. */
export async function freshTarget(prefix = 'hub-proc'): Promise<HubTarget> {
  const serverUrl = inject('databaseUrl');
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    return { engine: 'pglite', dataDir: path.join(dir, 'data'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `${prefix.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    engine: 'postgres',
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface HubProcess {
  url: string;
  child: ChildProcess;
  /** Everything the hub printed so far (stdout and stderr, interleaved). */
  output(): string;
  /** Parsed pino lines of stdout (non-JSON lines are left out). */
  logLines(): Array<Record<string, unknown> & { level: number; msg?: string }>;
  stderr(): string;
  exited: Promise<Exit>;
  /** Sends the signal and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<Exit>;
}

export interface HubProcessOptions {
  target: Pick<HubTarget, 'dataDir' | 'databaseUrl'>;
  env?: Record<string, string>;
  /** default false: the scheduled imports stay off unless a test is about them */
  imports?: boolean;
  startTimeoutMs?: number;
  /** the checkout whose server/cli.ts runs; default this one (the rolling-upgrade test: another release's copy) */
  root?: string;
}

function cliEnv(target: Pick<HubTarget, 'dataDir' | 'databaseUrl'>, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', HUB_WEB_ROOT: path.join(os.tmpdir(), 'hub-no-web-root'), ...extra };
  // The parent's test environment must not leak into the child's choice of database.
  delete env.DATABASE_URL;
  delete env.HUB_DATA_DIR;
  delete env.VITEST;
  delete env.NODE_ENV;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  if (target.dataDir) env.HUB_DATA_DIR = target.dataDir;
  return env;
}

/** Starts `server/cli.ts serve` on a free loopback port and resolves once it listens. */
export async function startHubProcess(options: HubProcessOptions): Promise<HubProcess> {
  const env = cliEnv(options.target, { PORT: '0', HUB_IMPORTS: options.imports ? '1' : '0', ...options.env });
  const root = options.root ?? ROOT;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/cli.ts'), 'serve'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
    out += chunk;
  });
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the hub did not start in time:\n${out}`));
    }, options.startTimeoutMs ?? 120_000);
    const poll = setInterval(() => {
      const found = /Bitstone Hub on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (found) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(found[1]);
      }
    }, 25);
    void exited.then((exit) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`the hub exited (${exit.code ?? exit.signal}) before listening:\n${out}`));
    });
  });
  return {
    url,
    child,
    output: () => out,
    stderr: () => err,
    logLines: () =>
      out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line)];
          } catch {
            return [];
          }
        }),
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs one CLI command (`backup FILE`, `restore FILE`, `seed`) to its end. */
export function runCli(args: string[], target: Pick<HubTarget, 'dataDir' | 'databaseUrl'>, extraEnv: Record<string, string> = {}): Promise<Exit & { stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env: cliEnv(target, extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON; the hub's schemas are under test
export type Json = any;

/** One JSON call to a hub URL; the body is parsed when the answer is JSON. */
export async function call(base: string, method: string, pathname: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: Json; requestId: string | null }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${pathname}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
  // the id of the request's lines in the hub's log (the log holds nothing else of the request)
  return { status: response.status, body: json, requestId: response.headers.get(REQUEST_ID_HEADER) };
}

export async function signIn(base: string, username: string, password = 'demo'): Promise<{ token: string; userId: number }> {
  const res = await call(base, 'POST', '/api/auth/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.data.access_token, userId: res.body.data.user.id };
}
