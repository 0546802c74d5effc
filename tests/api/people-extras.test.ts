import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../server/db/schema';
import { snakify } from '../../shared/api/case';
import type { ExtrasUpdate } from '../../shared/api/people-extras';
import { birthdateBounds } from '../../shared/rules/birthdate';
import { addYears, isoDay } from '../../shared/rules/dates';
import { EXTRA_MESSAGES } from '../../shared/rules/people-messages';
import { ROLE_TEAM_LEAD } from '../../shared/rules/roles';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// PUT /user/:id/extras — each section only by who may edit it (spec §6), spec §5 rules.
let hub: TestHub;
const tokens: Record<string, string> = {};
let mateId: number;

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  const team = await createTeam(db);
  const hr = await createRole(db, { name: 'Bitstone editor', capabilities: ['EDIT_BITSTONE_INFO', 'EDIT_PERSONAL_INFO'] });
  const lead = await createRole(db, { name: ROLE_TEAM_LEAD });
  const mate = await createUser(db, { name: 'Mara Mate', teamIds: [team.id] });
  mateId = mate.id;
  await db.update(users).set({ extras: { bitstoneInfo: { holidays: 21, about: 'x' }, personalInfo: { officialName: 'Mara Official', hometown: 'Cluj' } } }).where(eq(users.id, mate.id));
  const people = {
    mate,
    editor: await createUser(db, { name: 'Eddie Editor', roleId: hr.id }),
    lead: await createUser(db, { name: 'Lia Lead', roleId: lead.id, leads: [team.id] }),
    other: await createUser(db, { name: 'Otto Other' }),
  };
  for (const [key, user] of Object.entries(people)) tokens[key] = (await hub.login(user.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

const put = (who: string, body: unknown) => hub.request('PUT', `/api/user/${mateId}/extras`, { token: tokens[who], body });
const stored = async () => (await hub.db.select().from(users).where(eq(users.id, mateId)))[0].extras;
const experience = { company: 'Acme', position: 'Dev', start_date: '01/2020', end_date: 'Present' };

describe('sections by right', () => {
  it('the owner edits their projects and personal info, not bitstone info or relevant experience', async () => {
    expect((await put('mate', { projects_info: [{ title: 'Apollo' }], personal_info: { hometown: 'Iasi', official_name: 'Mara O.' } })).status).toBe(200);
    expect((await stored()).personalInfo).toMatchObject({ hometown: 'Iasi', officialName: 'Mara O.' });
    expect((await put('mate', { bitstone_info: { holidays: 40 } })).status).toBe(403);
    expect((await put('mate', { relevant_experience: [experience] })).status).toBe(403);
  });

  it('a capability unlocks its section; what the editor cannot see is kept', async () => {
    expect((await put('editor', { bitstone_info: { about: 'New about' } })).status).toBe(200);
    expect((await stored()).bitstoneInfo).toEqual({ about: 'New about', holidays: 21 });
    expect((await put('editor', { personal_info: { hometown: 'Brasov' } })).status).toBe(200);
    expect((await stored()).personalInfo).toEqual({ hometown: 'Brasov', officialName: 'Mara O.' });
    expect((await put('editor', { projects_info: [] })).status).toBe(403);
  });

  it("the member's team lead edits every section; a stranger none", async () => {
    expect((await put('lead', { relevant_experience: [experience], bitstone_info: { holidays: 25 } })).status).toBe(200);
    expect((await stored()).relevantExperience).toEqual([{ company: 'Acme', position: 'Dev', startDate: '01/2020', endDate: 'Present' }]);
    expect((await put('other', { projects_info: [] })).status).toBe(403);
  });
});

describe('spec §5 validation', () => {
  it('experiences need dates, company and position; projects a title', async () => {
    const res = await put('lead', {
      relevant_experience: [{ company: '', position: ' ', start_date: '', end_date: '13/2020' }],
      projects_info: [{ title: '' }],
    });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toEqual({
      'relevant_experience.0.company': EXTRA_MESSAGES.company,
      'relevant_experience.0.position': EXTRA_MESSAGES.position,
      'relevant_experience.0.start_date': EXTRA_MESSAGES.field,
      'relevant_experience.0.end_date': EXTRA_MESSAGES.field,
      'projects_info.0.title': EXTRA_MESSAGES.projectTitle,
    });
  });
});

/** PUT /user/:id/extras with a body of the hub's own type, sent in snake_case. */
const save = (who: string, body: ExtrasUpdate) => put(who, snakify(body));
const auditRows = async () => Number((await hub.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(mateId)), eq(auditLog.action, 'extras'))))[0].n);

// the member's own birth date, which they see and edit (spec §6)
describe('the birth date (shared/rules/birthdate.ts)', () => {
  it('is a real day, 15 to 100 years ago, or left empty', async () => {
    const { earliest, latest } = birthdateBounds();
    for (const birthdate of [latest, earliest, addYears(isoDay(), -40), '']) {
      const res = await save('mate', { personalInfo: { hometown: 'Brasov', birthdate } });
      expect({ birthdate, status: res.status }).toEqual({ birthdate, status: 200 });
      expect((await stored()).personalInfo?.birthdate).toBe(birthdate);
    }
  });

  it('refuses text that is no date and a day that does not exist, with the message on the field, and keeps what was stored', async () => {
    await save('mate', { personalInfo: { hometown: 'Brasov', birthdate: '1990-05-17' } });
    for (const birthdate of ['banana', '2000-02-30', '17/05/1990', `${'1'.repeat(40)}`]) {
      const res = await save('mate', { personalInfo: { hometown: 'Brasov', birthdate } });
      expect({ birthdate, status: res.status, errors: res.body.errors }).toEqual({ birthdate, status: 400, errors: [{ field: 'personal_info.birthdate', message: EXTRA_MESSAGES.birthdate }] });
    }
    expect((await stored()).personalInfo?.birthdate).toBe('1990-05-17');
  });

  it('refuses a day in the future, of someone younger than 15 or older than 100', async () => {
    const { earliest, latest } = birthdateBounds();
    const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const birthdate of ['9999-12-31', isoDay(), dayAfter(latest), addYears(earliest, -1)]) {
      const res = await save('mate', { personalInfo: { hometown: 'Brasov', birthdate } });
      expect({ birthdate, status: res.status, errors: res.body.errors }).toEqual({ birthdate, status: 400, errors: [{ field: 'personal_info.birthdate', message: EXTRA_MESSAGES.birthdateRange }] });
    }
    expect((await stored()).personalInfo?.birthdate).toBe('1990-05-17');
  });
});

describe('a save that changes nothing', () => {
  it('an empty body answers 200 and writes no audit row', async () => {
    const before = await auditRows();
    const res = await save('editor', {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: mateId });
    expect(await auditRows()).toBe(before);
  });

  it('the form sent back as stored answers 200 and writes no audit row; a real change writes one', async () => {
    await save('lead', { projectsInfo: [{ title: 'Apollo' }] });
    const before = await auditRows();
    const extras = await stored();
    expect((await save('lead', { projectsInfo: extras.projectsInfo })).status).toBe(200);
    expect(await auditRows()).toBe(before);
    expect((await save('lead', { projectsInfo: [{ title: 'Gemini' }] })).status).toBe(200);
    expect(await auditRows()).toBe(before + 1);
    const [row] = await hub.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(mateId)), eq(auditLog.action, 'extras'))).orderBy(desc(auditLog.id)).limit(1);
    expect(row.after).toEqual({ sections: ['projectsInfo'] });
  });
});

describe('skills', () => {
  it('lists and creates skills, answering existing ones by name', async () => {
    const created = await hub.post('/api/skill', { name: ['Rust', 'rust', 'Go'] }, { token: tokens.mate });
    expect(created.status).toBe(200);
    expect(created.body.data.skills.map((s: { name: string }) => s.name)).toEqual(['Go', 'Rust']);
    const again = await hub.post('/api/skill', { name: ['RUST'] }, { token: tokens.mate });
    expect(again.body.data.skills).toEqual([created.body.data.skills[1]]);
    expect((await hub.get('/api/skill', { token: tokens.mate })).body.data.skills).toHaveLength(2);
    expect((await hub.post('/api/skill', { name: [] }, { token: tokens.mate })).status).toBe(400);
  });
});
