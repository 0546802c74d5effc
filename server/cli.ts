import path from 'node:path';
import { backupDataDir, restoreDataDir } from './db/backup';
import { openDatabase } from './db/client';
import { acquireStartupLock } from './db/migrate-lock';
import { startHub, seedIfEmpty, type RunningHub } from './start';
import { optionsFromEnv } from './env';
import { LARGE_COMPANY, scaledSize, seedLargeCompany } from './db/seed/large';

// design §5 `npm run serve` / `npm run seed` (environment: see env.ts).

/** SIGINT/SIGTERM: finish in-flight requests, close the database, exit; a second signal forces. */
export function stopOnSignals(hub: RunningHub, log: (message: string) => void = console.error): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    hub.app.log.info({ signal }, 'shutting down');
    hub.close().then(
      () => process.exit(0),
      (error: unknown) => {
        hub.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function serve(): Promise<void> {
  const options = optionsFromEnv(process.env);
  const hub = await startHub(options);
  const where = options.databaseUrl ? 'PostgreSQL' : `PGlite in ${options.dataDir}`;
  hub.app.log.info(`Bitstone Hub on ${hub.url} (API ${hub.url}/api, docs ${hub.url}/api/docs), data: ${where}`);
  stopOnSignals(hub);
}

async function seed(args: string[]): Promise<void> {
  const options = optionsFromEnv(process.env);
  const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(`warning: ${m}`) };
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  // a hub starting meanwhile on the same PostgreSQL waits until this seed is done
  const startup = await acquireStartupLock(options.databaseUrl).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  try {
    await database.migrate();
    if (args.includes('--large')) {
      // `hub seed --large [--staff N]` grows the demo company to a large one (benches).
      const staffArg = args.indexOf('--staff');
      const size = staffArg >= 0 ? scaledSize(Number(args[staffArg + 1])) : LARGE_COMPANY;
      if (!(size.staff > 0)) throw new Error('--staff needs a positive number');
      const started = performance.now();
      log.info(`seeding a large company into ${database.engine}: ${JSON.stringify(size)}`);
      await seedLargeCompany(database.db, { size, log: log.info });
      log.info(`large company seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return;
    }
    const seeded = await seedIfEmpty(database, options, log);
    if (seeded === 'none') log.info('the database already has users: nothing seeded');
  } finally {
    await startup.release();
    await database.close();
  }
}

/** `hub backup FILE`: a consistent copy of the embedded PGlite database (the hub stopped). */
async function backup(args: string[]): Promise<void> {
  const options = optionsFromEnv(process.env);
  if (!args[0]) throw new Error('usage: hub backup FILE (copies the PGlite database in HUB_DATA_DIR)');
  if (options.databaseUrl) throw new Error('hub backup copies the embedded PGlite database; on PostgreSQL use pg_dump (README, "Backup and restore").');
  const { file, bytes } = await backupDataDir(options.dataDir!, path.resolve(args[0]));
  console.log(`backed up ${options.dataDir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
}

/** `hub restore FILE`: loads a backup into an empty HUB_DATA_DIR. */
async function restore(args: string[]): Promise<void> {
  const options = optionsFromEnv(process.env);
  if (!args[0]) throw new Error('usage: hub restore FILE (into an empty HUB_DATA_DIR)');
  if (options.databaseUrl) throw new Error('hub restore loads an embedded PGlite backup; on PostgreSQL use pg_restore (README, "Backup and restore").');
  const restored = await restoreDataDir(path.resolve(args[0]), options.dataDir!);
  console.log(`restored ${args[0]} into ${restored.dataDir}: ${restored.users} users, ${restored.objectives} objectives`);
}

const commands: Record<string, (args: string[]) => Promise<void>> = { serve, seed, backup, restore };

async function main(argv: string[]): Promise<void> {
  const name = argv[0] ?? 'serve';
  const command = commands[name];
  if (!command) {
    console.error(`usage: tsx server/cli.ts <${Object.keys(commands).join('|')}>`);
    process.exit(2);
  }
  await command(argv.slice(1));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
