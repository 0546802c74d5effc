import { openDatabase } from '../../server/db/client';
import { isDatabaseEmpty } from '../../server/db/seed';
import { LARGE_COMPANY, scaledSize, seedLargeCompany } from '../../server/db/seed/large';
import { startCluster, type Cluster } from '../../tests/support/postgres-cluster';

// The PostgreSQL database the benches run on: DATABASE_URL if given, else a throwaway cluster;
// migrated, and seeded with the large company when it has no users yet.

export interface LargeDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function largeDatabase(staff: number, log: (message: string) => void): Promise<LargeDatabase> {
  let cluster: Cluster | null = null;
  let url = process.env.DATABASE_URL;
  if (!url) {
    cluster = await startCluster();
    url = cluster.url;
    log(`throwaway PostgreSQL cluster: ${url}`);
  }
  try {
    const database = await openDatabase({ databaseUrl: url });
    try {
      await database.migrate();
      if (await isDatabaseEmpty(database.db)) {
        const size = staff === LARGE_COMPANY.staff ? LARGE_COMPANY : scaledSize(staff);
        log(`seeding the large company into PostgreSQL: ${JSON.stringify(size)}`);
        const started = performance.now();
        await seedLargeCompany(database.db, { size, log: (m) => log(`  ${m}`) });
        log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    } finally {
      await database.close();
    }
  } catch (error) {
    await cluster?.stop();
    throw error;
  }
  return { url, stop: async () => cluster?.stop() };
}
