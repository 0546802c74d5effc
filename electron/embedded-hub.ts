import type { UtilityProcess, ForkOptions } from 'electron';

export type EmbeddedStatus = 'starting' | 'running' | 'failed' | 'off';

/** The slice of Electron's utilityProcess we use; tests hand in a fake. */
export interface UtilityProcessApi {
  fork(modulePath: string, args?: string[], options?: ForkOptions): Pick<UtilityProcess, 'on' | 'postMessage' | 'kill'>;
}

export interface EmbeddedHubOptions {
  utilityProcess: UtilityProcessApi;
  /** dist/server/hub.mjs (server/embedded-entry.ts bundled) */
  entryPath: string;
  /** PGlite folder under the user-data folder */
  dataDir: string;
  /** the SQL migrations copied next to the bundle (server/db/client.ts reads HUB_MIGRATIONS_DIR) */
  migrationsDir?: string;
  fetch?: typeof fetch;
  /** the whole start: ready message and a healthy /api/health; a cold start migrates and seeds */
  startTimeoutMs?: number;
  healthIntervalMs?: number;
  stopTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

export interface EmbeddedHub {
  /** resolves with the hub URL once /api/health answers, rejects with a message on failure */
  readonly ready: Promise<string>;
  /** resolves with the exit code once the process has exited, whatever the reason (the supervisor restarts it) */
  readonly exited: Promise<number>;
  status(): EmbeddedStatus;
  url(): string | null;
  failure(): string | null;
  stop(): Promise<void>;
}

interface ReadyMessage { type: 'ready'; url: string }

function isReady(message: unknown): message is ReadyMessage {
  return !!message && typeof message === 'object' && (message as ReadyMessage).type === 'ready' && typeof (message as ReadyMessage).url === 'string';
}

const FAILED_TO_START = 'The built-in hub could not start.';

/**
 * design §1: the embedded hub runs in a utilityProcess, never in main's event loop, so a slow
 * query cannot freeze the window. It listens on 127.0.0.1 on a port the OS picks (PORT=0) and
 * tells us its URL; we trust it once /api/health says so.
 */
export function startEmbeddedHub(options: EmbeddedHubOptions): EmbeddedHub {
  const doFetch = options.fetch ?? fetch;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const healthIntervalMs = options.healthIntervalMs ?? 100;
  let status: EmbeddedStatus = 'starting';
  let url: string | null = null;
  let failure: string | null = null;
  let exited = false;
  let resolveExit: (code: number) => void = () => {};
  const exitedPromise = new Promise<number>((resolve) => (resolveExit = resolve));

  const child = options.utilityProcess.fork(options.entryPath, [], {
    serviceName: 'Bitstone Hub server',
    stdio: 'inherit',
    env: {
      ...(options.env ?? process.env),
      HUB_DATA_DIR: options.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ...(options.migrationsDir ? { HUB_MIGRATIONS_DIR: options.migrationsDir } : {}),
    },
  });

  let rejectReady: (error: Error) => void = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ready = new Promise<string>((resolve, reject) => {
    rejectReady = reject;
    const fail = (message: string) => {
      if (status !== 'starting') return;
      status = 'failed';
      failure = message;
      clearTimeout(timer);
      if (!exited) child.kill();
      reject(new Error(message));
    };
    timer = setTimeout(() => fail(`${FAILED_TO_START} It did not answer within ${Math.round(startTimeoutMs / 1000)} s.`), startTimeoutMs);

    child.on('message', (message: unknown) => {
      if (!isReady(message) || url) return;
      url = message.url.replace(/\/+$/, '');
      void waitForHealth(doFetch, url, healthIntervalMs, () => status !== 'starting').then((healthy) => {
        if (!healthy || status !== 'starting') return;
        status = 'running';
        clearTimeout(timer);
        resolve(url as string);
      });
    });
    child.on('exit', (code: number) => {
      exited = true;
      resolveExit(code);
      if (status === 'starting') fail(`${FAILED_TO_START} It stopped with code ${code}.`);
      else if (status === 'running') {
        // A crash after start: hub-supervisor.ts starts another process.
        status = 'failed';
        failure = `The built-in hub stopped unexpectedly (code ${code}).`;
      }
    });
  });
  // Callers that only read status() must not see an unhandled rejection.
  ready.catch(() => {});

  return {
    ready,
    exited: exitedPromise,
    status: () => status,
    url: () => (status === 'running' ? url : null),
    failure: () => failure,
    async stop() {
      clearTimeout(timer);
      if (status === 'starting') rejectReady(new Error('The built-in hub was stopped.'));
      if (status !== 'failed') status = 'off';
      if (exited) return;
      // Ask first: the hub closes PGlite cleanly (a killed PGlite may need recovery next start).
      try {
        child.postMessage({ type: 'stop' });
      } catch {
        /* the process is going away already */
      }
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), options.stopTimeoutMs ?? 5_000).unref?.());
      if ((await Promise.race([exitedPromise, timeout])) === 'timeout') child.kill();
    },
  };
}

async function waitForHealth(doFetch: typeof fetch, url: string, intervalMs: number, abandoned: () => boolean): Promise<boolean> {
  while (!abandoned()) {
    try {
      const response = await doFetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return false;
}
