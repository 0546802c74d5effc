import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { optionsFromEnv } from './env';
import { startHub, type RunningHub } from './start';

// design §1: the desktop app runs this file in an Electron utilityProcess (electron/embedded-hub.ts).
// It reads HUB_DATA_DIR and PORT=0 from the environment, starts the hub, reports
// { type: 'ready', url } to the parent, and stops cleanly on { type: 'stop' } or SIGTERM so
// PGlite is closed properly (a killed PGlite may need recovery on the next start).

/** The slice of Electron's process.parentPort we use; absent when run by plain Node. */
interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

const parentPort = (process as NodeJS.Process & { parentPort?: ParentPort }).parentPort;

function isStop(message: unknown): boolean {
  return !!message && typeof message === 'object' && (message as { type?: unknown }).type === 'stop';
}

async function main(): Promise<void> {
  // the database prepared at build time lies beside the bundle (scripts/build-server.ts)
  const preparedDir = process.env.HUB_PREPARED_DIR || path.dirname(fileURLToPath(import.meta.url));
  const hub: RunningHub = await startHub({ ...optionsFromEnv(process.env, { port: 0 }), preparedDir });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    hub.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  parentPort?.on('message', (event) => {
    if (isStop(event.data)) stop();
  });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  parentPort?.postMessage({ type: 'ready', url: hub.url });
  if (!parentPort) console.log(`Bitstone Hub (embedded) on ${hub.url}`);
}

main().catch((error: unknown) => {
  console.error('The embedded hub could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
