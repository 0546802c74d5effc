import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type UserExtras } from '../../server/db/schema';
import { ROLE_TEAM_LEAD } from '../../shared/rules/roles';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// Skill search ("who knows X?"): the directory search and Skills filter look into skills,
// projects' technical skills and relevant experience, most matches first; relevant experience
// counts only for viewers who may see it (spec §6).
let hub: TestHub;
const tokens: Record<string, string> = {};

const skill = (name: string) => ({ id: 0, name });
const experience = (description: string) => ({ company: 'Acme', position: 'Engineer', description, startDate: '01/2020', endDate: 'Present' });

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  const alpha = await createTeam(db, { name: 'Alpha' });
  const beta = await createTeam(db, { name: 'Beta' });
  const hr = await createRole(db, { name: 'HR', capabilities: ['EDIT_RELEVANT_EXPERIENCE'] });
  const lead = await createRole(db, { name: ROLE_TEAM_LEAD });
  const people: Array<[string, number[], UserExtras]> = [
    ['Ana Cloud', [alpha.id], {
      personalInfo: { skills: [skill('Kubernetes'), skill('Go')] },
      projectsInfo: [{ title: 'Migration', technicalSkills: 'Kubernetes, Helm' }],
      relevantExperience: [experience('Ran Kubernetes clusters')],
    }],
    ['Bob Single', [beta.id], { personalInfo: { skills: [skill('kubernetes')] } }],
    ['Cara Projects', [beta.id], {
      projectsInfo: [{ title: 'One', technicalSkills: 'Docker, Kubernetes' }, { title: 'Two', technicalSkills: 'Kubernetes' }],
    }],
    ['Dan Experience', [alpha.id], { relevantExperience: [experience('Operated Kubernetes at scale')] }],
    ['Eve Nothing', [beta.id], { projectsInfo: [{ title: 'Tube', technicalSkills: 'Cube.js, .NET' }] }],
  ];
  for (const [name, teamIds, extras] of people) {
    const user = await createUser(db, { name, teamIds });
    await db.update(users).set({ extras }).where(eq(users.id, user.id));
  }
  const viewers = {
    plain: await createUser(db, { name: 'Zoe Viewer', teamIds: [beta.id] }),
    hr: await createUser(db, { name: 'Zara HR', roleId: hr.id }),
    lead: await createUser(db, { name: 'Zeno Lead', roleId: lead.id, leads: [alpha.id] }),
  };
  for (const [key, user] of Object.entries(viewers)) tokens[key] = (await hub.login(user.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

async function names(token: string, query: string): Promise<string[]> {
  const res = await hub.get(`/api/user?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.data.items.map((m: { name: string }) => m.name);
}

describe('directory search over skills, projects and experience', () => {
  it('ranks by the number of matches, then by name', async () => {
    // Ana: skill + project = 2, Cara: two projects = 2, Bob: a skill (any case) = 1
    expect(await names(tokens.plain, 'search=Kubernetes')).toEqual(['Ana Cloud', 'Cara Projects', 'Bob Single']);
  });

  it('counts relevant experience for a holder of edit-relevant-experience', async () => {
    expect(await names(tokens.hr, 'search=kubernetes')).toEqual(['Ana Cloud', 'Cara Projects', 'Bob Single', 'Dan Experience']);
  });

  it("counts a team lead's own members' experience only", async () => {
    // Ana and Dan are in the lead's team Alpha: Ana has 3 matches now, Dan 1
    expect(await names(tokens.lead, 'search=Kubernetes')).toEqual(['Ana Cloud', 'Cara Projects', 'Bob Single', 'Dan Experience']);
    const res = await hub.get('/api/user?search=Kubernetes', { token: tokens.lead });
    expect(res.body.data.total).toBe(4);
  });

  it('matches entries from the start of a word; names still match anywhere', async () => {
    expect(await names(tokens.plain, 'search=ube')).toEqual([]);
    expect(await names(tokens.plain, 'search=.net')).toEqual(['Eve Nothing']);
    expect(await names(tokens.plain, 'search=ar')).toEqual(['Cara Projects', 'Zara HR']);
  });
});

describe('Skills filter', () => {
  it('lists people with any chosen skill, most matches first', async () => {
    // Ana: Kubernetes 2 + Helm 1 = 3; Cara 2; Bob 1
    expect(await names(tokens.plain, 'skills=Kubernetes&skills=Helm')).toEqual(['Ana Cloud', 'Cara Projects', 'Bob Single']);
    expect(await names(tokens.plain, 'skills=Helm')).toEqual(['Ana Cloud']);
  });

  it('combines with the other filters and the search', async () => {
    expect(await names(tokens.plain, 'skills=Kubernetes&search=bob')).toEqual(['Bob Single']);
    const res = await hub.get('/api/user?skills=Kubernetes&team_leads=true', { token: tokens.plain });
    expect(res.body.data.total).toBe(0);
  });

  it('refuses a blank skill with a message (400)', async () => {
    const res = await hub.get('/api/user?skills=%20', { token: tokens.plain });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toMatch(/^skills/);
  });
});
