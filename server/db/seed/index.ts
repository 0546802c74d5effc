import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as schema from '../schema';
import { hashPassword } from '../../services/passwords';
import { insertCatalog, insertPeople, type Company, type SeededPerson } from './people';
import { planPeople } from './people-plan';
import { reserveIds } from './insert';

export { seedBootstrapAdmin, type BootstrapAdmin } from './bootstrap';

/** design §5: the demo company is seeded only into a hub that has no users yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(schema.users);
  return Number(rows[0]?.n ?? 0) === 0;
}

export interface SeedOptions {
  /** The moment the demo is built around (tests pin it; the hub uses the current time). */
  now?: Date;
}

/** design §5: the demo company, in one transaction so a failed seed leaves the hub empty. */
export async function seedDemoCompany(db: Db, options: SeedOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  // One scrypt hash shared by every demo user: hashing per user would cost seconds.
  const passwordHash = await hashPassword('demo');
  const plan = planPeople(now);
  await db.transaction(async (tx) => {
    const catalog = await insertCatalog(tx);
    const ids = await reserveIds(tx, 'users', plan.length);
    const people: SeededPerson[] = plan.map((person, i) => ({ ...person, id: ids[i], pictureFileId: null }));
    const company: Company = {
      now, people, byUsername: new Map(people.map((p) => [p.username, p])), teamIds: catalog.teamIds, skills: catalog.skills,
    };
    await insertPeople(tx, catalog, company.people.map((person) => ({ person, extras: {}, lastLogin: null })), passwordHash, now);
  });
}
