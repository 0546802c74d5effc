import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import * as schema from '../schema';
import { hashPassword } from '../../features/auth';
import { insertAlignment } from './alignment';
import { insertEvaluations } from './evaluations';
import { rateSeededEvaluations } from './evaluation-ratings';
import { buildExtras } from './extras';
import { insertChunked, reserveIds } from './insert';
import { insertHolidays } from './holidays';
import { insertLinks } from './links';
import { insertObjectives } from './objectives';
import { insertCheckIns } from './check-ins';
import { insertNotifications } from './notifications';
import { buildLoginHistory } from './logins';
import { insertCatalog, insertPeople, type Company, type SeededPerson } from './people';
import { planPeople } from './people-plan';
import { insertPictures } from './pictures';
import { createRandom } from './random';
import { insertTimeTracking } from './timetracking';

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
    const withIds = plan.map((person, i) => ({ ...person, id: ids[i] }));
    const pictures = await insertPictures(tx, withIds);
    // Each part draws from its own seeded stream, so enriching one part never reshuffles another.
    const extrasRandom = createRandom(7001);
    const people: SeededPerson[] = withIds.map((person) => ({
      ...person, pictureFileId: pictures.get(person.username) ?? null, extras: buildExtras(person, catalog.skills, extrasRandom),
    }));
    const company: Company = {
      now, people, byUsername: new Map(people.map((p) => [p.username, p])), teamIds: catalog.teamIds, skills: catalog.skills,
    };
    const logins = buildLoginHistory(people, createRandom(7002), now);
    await insertPeople(tx, catalog, people, logins.lastLogin, passwordHash, now);
    await insertChunked(tx, schema.loginEvents, logins.events);
    const daysOff = await insertHolidays(tx, company, createRandom(7003));
    await insertTimeTracking(tx, company, daysOff, createRandom(7004));
    await insertObjectives(tx, company, createRandom(7005));
    await insertCheckIns(tx, company, createRandom(7007));
    await insertEvaluations(tx, company, createRandom(7006));
    await rateSeededEvaluations(tx);
    await insertLinks(tx);
    await insertNotifications(tx, company);
    await insertSettings(tx, company);
    // the alignment last, so every row seeded before it stays where it was
    await insertAlignment(tx, company, createRandom(7008));
  });
}

async function insertSettings(tx: Tx, company: Company): Promise<void> {
  const admin = company.byUsername.get('admin');
  await tx.insert(schema.settings).values([
    { key: 'holidaysAppUrl', value: 'https://holidays.bitstone.example' },
    // spec §2 time tracking: 'Please contact {name}.'
    { key: 'timetrackingContact', value: admin?.name ?? 'the administrator' },
  ]);
}
