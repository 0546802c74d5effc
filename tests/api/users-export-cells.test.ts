import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '../../server/db/schema';
import { profileSchema } from '../../shared/api/people';
import { ROLE_TEAM_LEAD } from '../../shared/rules/roles';
import { MAIN_HEADERS } from '../../server/features/team/users-xlsx';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';
import { readXlsx, type WorkbookRead } from '../support/xlsx-read';

// The users export's per-member cells read the member's own row. Drizzle wrote the outer
// users.id bare in the select list's subqueries, where it named the subquery's own id: every
// member got the same Team cell, none a Direct Manager, and a team lead's Relevant Experience
// sheet held everyone's or nobody's.
let hub: TestHub;
let leadToken: string;
const ids: Record<'lead' | 'mia' | 'otto' | 'max' | 'pia', number> = { lead: 0, mia: 0, otto: 0, max: 0, pia: 0 };
const experience = (company: string) => ({ relevantExperience: [{ company, position: 'Dev', startDate: '02/2019', endDate: 'Present' }] });

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  // a few teams first, so team ids and member ids overlap as they do in a real hub
  const [, , beta, gamma] = await Promise.all(['Aleph', 'Bet', 'Beta', 'Gamma'].map((name) => createTeam(db, { name })));
  const leadRole = await createRole(db, { name: ROLE_TEAM_LEAD, capabilities: ['EXPORT_USERS'] });
  const lead = await createUser(db, { name: 'Lena Lead', roleId: leadRole.id, leads: [beta.id] });
  const max = await createUser(db, { name: 'Max Manager' });
  const [job] = await db.insert(jobs).values({ name: 'Tester' }).returning();
  const mia = await createUser(db, { name: 'Mia Member', teamIds: [beta.id, gamma.id] });
  const otto = await createUser(db, { name: 'Otto Outside', teamIds: [gamma.id], teamleadId: max.id });
  // a deleted team's lead is nobody's manager any more
  const old = await createTeam(db, { name: 'Old', status: 'deleted' });
  await createUser(db, { name: 'Olga Old', leads: [old.id] });
  const pia = await createUser(db, { name: 'Pia Past', teamIds: [old.id] });
  await db.update(users).set({ extras: experience('Mia Co'), jobId: job.id }).where(eq(users.id, mia.id));
  await db.update(users).set({ extras: experience('Otto Co') }).where(eq(users.id, otto.id));
  Object.assign(ids, { lead: lead.id, mia: mia.id, otto: otto.id, max: max.id, pia: pia.id });
  leadToken = (await hub.login(lead.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

async function exported() {
  const res = await fetch(`${hub.url}/api/exports/users.xlsx`, { headers: { authorization: `Bearer ${leadToken}` } });
  expect(res.status).toBe(200);
  return readXlsx(await res.arrayBuffer());
}

/** The main sheet's row of `name`, by header. */
function mainRow(wb: WorkbookRead, name: string): Record<string, unknown> {
  const sheet = wb.sheets[0];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    if (sheet.cell(r, 1) === name) return Object.fromEntries(MAIN_HEADERS.map((h, i) => [h, sheet.cell(r, i + 1) ?? '']));
  }
  throw new Error(`${name} is not in the export`);
}

/** What the profile page shows of the member's job, teams and direct manager. */
async function profile(id: number) {
  const res = await hub.get<{ data: { user: unknown } }>(`/api/user/${id}`, { token: leadToken });
  expect(res.status).toBe(200);
  return profileSchema.pick({ job: true, team: true, teamlead: true }).parse(res.body.data.user);
}

describe('GET /exports/users.xlsx: each member\'s own cells', () => {
  it("the Team and Job cells are the member's, as the profile says", async () => {
    const wb = await exported();
    expect([mainRow(wb, 'Mia Member').Job, mainRow(wb, 'Otto Outside').Job]).toEqual(['Tester', '']);
    expect((await profile(ids.mia)).job?.name).toBe('Tester');
    for (const [name, id, teams] of [['Mia Member', ids.mia, 'Beta, Gamma'], ['Otto Outside', ids.otto, 'Gamma'], ['Max Manager', ids.max, ''], ['Pia Past', ids.pia, '']] as const) {
      expect(mainRow(wb, name).Team).toBe(teams);
      expect((await profile(id)).team.map((t) => t.name).join(', ')).toBe(teams);
    }
  });

  it('the Direct Manager cell is the set manager, else a lead of one of the member\'s active teams, as the profile says', async () => {
    const wb = await exported();
    for (const [name, id, manager] of [['Otto Outside', ids.otto, 'Max Manager'], ['Mia Member', ids.mia, 'Lena Lead'], ['Lena Lead', ids.lead, ''], ['Pia Past', ids.pia, '']] as const) {
      expect(mainRow(wb, name)['Direct Manager']).toBe(manager);
      expect((await profile(id)).teamlead?.name ?? '').toBe(manager);
    }
  });

  it("a team lead's Relevant Experience sheet holds their team's members and nobody else's", async () => {
    const relevant = (await exported()).sheets[1];
    const rows = Array.from({ length: relevant.rowCount - 1 }, (_, i) => relevant.row(i + 2));
    expect(rows.map((r) => [r[0], r[1]])).toEqual([['Mia Member', 'Mia Co']]);
  });
});
