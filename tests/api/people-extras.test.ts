import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { EXTRA_MESSAGES } from '../../shared/rules/people-messages';
import { ROLE_TEAM_LEAD } from '../../shared/rules/roles';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// issue 5: PUT /user/:id/extras — each section only by who may edit it (spec §6), spec §5 rules.
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
