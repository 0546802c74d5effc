import { eq, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { objectiveLinks } from '../../server/features/alignment/schema';
import { isDatabaseEmpty, seedBootstrapAdmin, seedDemoCompany } from '../../server/db/seed';
import { recomputeRollups } from '../../server/features/alignment/alignment-rollup';
import { verifyPassword } from '../../server/features/auth/passwords';
import { supportsLevel } from '../../shared/rules/alignment';
import { levelOf } from '../../shared/rules/objective-levels';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import {
  HOLIDAY_TYPES, OBJECTIVE_CATEGORIES, OBJECTIVE_STATUSES, PRIORITIES, type ObjectiveCategory,
} from '../../shared/rules/constants';
import { createTestDatabase } from '../support/test-db';

// Pinned so the demo's relative dates (deadlines, holidays, hours) are the same on every run.
const NOW = new Date('2025-06-18T10:00:00Z');
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('demo company seed', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const started = performance.now();
    await seedDemoCompany(database.db, { now: NOW });
    console.log(`demo seed on ${database.engine}: ${Math.round(performance.now() - started)} ms`);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function userByUsername(username: string) {
    const [user] = await database.db.select().from(schema.users).where(eq(schema.users.username, username));
    expect(user, username).toBeDefined();
    return user;
  }

  async function roleName(roleId: number | null): Promise<string | undefined> {
    if (roleId === null) return undefined;
    const [role] = await database.db.select().from(schema.roles).where(eq(schema.roles.id, roleId));
    return role?.name;
  }

  it('is no longer empty', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('creates the roles with their capabilities, and one deleted role', async () => {
    const roles = await database.db.select().from(schema.roles);
    const byName = new Map(roles.map((role) => [role.name, role]));
    expect(byName.get('Admin')?.capabilities.sort()).toEqual([...ALL_CAPABILITIES].sort());
    expect(byName.get('User')?.capabilities).toEqual([]);
    expect(byName.get('Guest')?.capabilities).toEqual([]);
    expect(byName.get('Team lead')?.capabilities.sort()).toEqual(['DOWNLOAD_CV', 'EXPORT_USERS', 'VIEW_BITSTONE_INFO']);
    expect(byName.get('HR')?.capabilities).toContain('VIEW_ARCHIVED_USERS');
    expect(roles.filter((role) => role.status === 'deleted')).toHaveLength(1);
  });

  it('creates the six named users with password demo', async () => {
    const expected: Record<string, { role: string; firstLogin: boolean }> = {
      admin: { role: 'Admin', firstLogin: false },
      owner: { role: 'User', firstLogin: false },
      manager: { role: 'User', firstLogin: false },
      lead: { role: 'Team lead', firstLogin: true },
      member: { role: 'User', firstLogin: true },
      guest: { role: 'Guest', firstLogin: false },
    };
    for (const [username, { role, firstLogin }] of Object.entries(expected)) {
      const user = await userByUsername(username);
      expect(await roleName(user.roleId), username).toBe(role);
      expect(user.firstLogin, username).toBe(firstLogin);
      expect(user.status).toBe('active');
      expect(user.email).toBe(`${username}@bitstone.example`);
      expect(user.name).toMatch(/^\S+ \S+$/);
    }
    const admin = await userByUsername('admin');
    expect(await verifyPassword('demo', admin.passwordHash)).toBe(true);
    expect(await verifyPassword('wrong', admin.passwordHash)).toBe(false);
    expect((await userByUsername('owner')).isOwner).toBe(true);
  });

  it('makes lead the lead of Phoenix, member reports to lead, manager manages two teams', async () => {
    const lead = await userByUsername('lead');
    const member = await userByUsername('member');
    const manager = await userByUsername('manager');
    const [phoenix] = await database.db.select().from(schema.teams).where(eq(schema.teams.name, 'Phoenix'));
    const phoenixMembers = await database.db.select().from(schema.teamMembers).where(eq(schema.teamMembers.teamId, phoenix.id));
    expect(phoenixMembers.filter((m) => m.isLead).map((m) => m.userId)).toEqual([lead.id]);
    expect(phoenixMembers.some((m) => m.userId === member.id && !m.isLead)).toBe(true);
    expect(member.teamleadId).toBe(lead.id);
    const managed = await database.db.select().from(schema.teamManagers).where(eq(schema.teamManagers.userId, manager.id));
    expect(managed).toHaveLength(2);
    expect(managed.map((m) => m.teamId)).toContain(phoenix.id);
  });

  it('has at least five active teams, each with exactly one lead, and a deleted team', async () => {
    const teams = await database.db.select().from(schema.teams);
    const members = await database.db.select().from(schema.teamMembers);
    const active = teams.filter((team) => team.status === 'active');
    expect(active.length).toBeGreaterThanOrEqual(5);
    expect(teams.some((team) => team.status === 'deleted')).toBe(true);
    for (const team of active) {
      expect(members.filter((m) => m.teamId === team.id && m.isLead), team.name).toHaveLength(1);
      expect(team.technology).not.toBe('');
    }
  });

  it('generates at least forty staff with jobs, three of them archived', async () => {
    const users = await database.db.select().from(schema.users);
    expect(users.length).toBeGreaterThanOrEqual(46);
    expect(users.every((user) => user.jobId !== null && user.email && user.phone)).toBe(true);
    expect(users.filter((user) => user.status === 'deleted')).toHaveLength(3);
    expect(users.some((user) => !user.registered)).toBe(true);
    expect(users.filter((user) => user.isOwner)).toHaveLength(1);
    expect(new Set(users.map((user) => user.passwordHash)).size).toBe(1);
  });

  it('gives every objective consistent key results, categories and dates', async () => {
    const objectives = await database.db.select().from(schema.objectives);
    const keyResults = await database.db.select().from(schema.keyResults);
    const users = await database.db.select().from(schema.users);
    const memberships = await database.db.select().from(schema.teamMembers);
    expect(objectives.length).toBeGreaterThanOrEqual(300);
    for (const status of OBJECTIVE_STATUSES) expect(objectives.some((o) => o.status === status), status).toBe(true);
    const teamlead = new Map(users.map((u) => [u.id, u.teamleadId]));
    for (const objective of objectives) {
      const subcategories: readonly string[] = OBJECTIVE_CATEGORIES[objective.category as ObjectiveCategory];
      expect(subcategories, objective.category).toBeDefined();
      expect(subcategories).toContain(objective.subcategory);
      expect(PRIORITIES).toContain(objective.priority);
      expect(isoDay(objective.createdAt) < objective.deadline).toBe(true);
      expect([objective.ownerId, teamlead.get(objective.ownerId)]).toContain(objective.authorId);
      // a company objective is the company's, with no team
      if (objective.level === 'company') expect(objective.teamId).toBeNull();
      else expect(memberships.some((m) => m.userId === objective.ownerId && m.teamId === objective.teamId)).toBe(true);
      const krs = keyResults.filter((kr) => kr.objectiveId === objective.id);
      expect(krs.length).toBeGreaterThanOrEqual(1);
      expect(krs.length).toBeLessThanOrEqual(5);
      for (const kr of krs) {
        expect(kr.deadline <= objective.deadline).toBe(true);
        expect(kr.ownerId).toBe(objective.ownerId);
        expect(kr.percentage === null).toBe(kr.status !== 'completed');
      }
      if (objective.status === 'completed') expect(krs.every((kr) => kr.status === 'completed')).toBe(true);
      if (objective.status === 'archived') expect(['completed', 'in progress']).toContain(objective.nextStatus);
      if (objective.status === 'waiting for approval') expect(['completed', 'deleted']).toContain(objective.nextStatus);
    }
    const publicShare = objectives.filter((o) => o.isPublic).length / objectives.length;
    expect(publicShare).toBeGreaterThan(0.2);
    expect(publicShare).toBeLessThan(0.4);
    for (const username of ['member', 'lead']) {
      const user = await userByUsername(username);
      const mine = objectives.filter((o) => o.ownerId === user.id);
      for (const status of OBJECTIVE_STATUSES) expect(mine.some((o) => o.status === status), `${username} ${status}`).toBe(true);
    }
  });

  it('fills holidays, days left, hours, evaluations, sign-ins, links and settings', async () => {
    const db = database.db;
    const types = new Set((await db.select().from(schema.holidayEvents)).map((e) => e.type));
    for (const type of Object.keys(HOLIDAY_TYPES).filter((t) => t !== 'national_holiday')) expect(types.has(type), type).toBe(true);
    expect(types.has('national_holiday')).toBe(false);
    const daysLeft = await db.select().from(schema.daysLeft);
    expect(daysLeft.find((d) => d.email === 'guest@bitstone.example')?.daysLeft).toBe(-1);
    expect(daysLeft.some((d) => d.email === 'owner@bitstone.example')).toBe(false);
    const guest = await userByUsername('guest');
    const accounts = await db.select().from(schema.timetrackingAccounts);
    expect(accounts.length).toBeGreaterThan(30);
    expect(accounts.some((a) => a.userId === guest.id)).toBe(false);
    const tasks = await db.select().from(schema.timetrackingTasks);
    const perDay = new Map<string, number>();
    for (const task of tasks) perDay.set(`${task.userId} ${task.date}`, (perDay.get(`${task.userId} ${task.date}`) ?? 0) + task.hours);
    expect([...perDay.values()].every((hours) => hours >= 7.5 && hours <= 9)).toBe(true);
    expect(tasks.every((t) => t.hours >= 0.5 && t.hours <= 8 && t.date <= isoDay(NOW) && t.date >= '2025-04-01')).toBe(true);
    expect((await db.select().from(schema.evaluations)).length).toBeGreaterThanOrEqual(50);
    const logins = await db.select().from(schema.loginEvents);
    expect(logins.length).toBeGreaterThan(500);
    const admin = await userByUsername('admin');
    const adminLast = Math.max(...logins.filter((l) => l.userId === admin.id).map((l) => l.createdAt.getTime()));
    expect(admin.lastLogin?.getTime()).toBe(adminLast);
    expect((await userByUsername('member')).lastLogin).toBeNull();
    const links = await db.select().from(schema.links);
    expect(links.length).toBeGreaterThanOrEqual(16);
    expect(new Set(links.map((l) => l.category)).size).toBeGreaterThanOrEqual(4);
    expect(links.filter((l) => l.status === 'deleted')).toHaveLength(1);
    expect(links.some((l) => l.description === '')).toBe(true);
    expect(links.some((l) => l.description.length > 100)).toBe(true);
    expect(links.filter((l) => l.pictureFileId).length).toBeGreaterThan(2);
    const settings = new Map((await db.select().from(schema.settings)).map((row) => [row.key, row.value]));
    expect(settings.get('holidaysAppUrl')).toBe('https://holidays.bitstone.example');
    expect(settings.get('timetrackingContact')).toBe(admin.name);
  });

  it('stores real PNG pictures for most staff, and full extras', async () => {
    const users = await database.db.select().from(schema.users);
    const files = await database.db.select().from(schema.files).where(eq(schema.files.kind, 'picture'));
    expect(files.length / users.length).toBeGreaterThan(0.7);
    for (const file of files) {
      expect(file.contentType).toBe('image/png');
      expect([...file.data.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      expect(file.data.readUInt32BE(16)).toBe(400);
      expect(users.find((u) => u.pictureFileId === file.id)?.id).toBe(file.ownerUserId);
    }
    const skillIds = new Set((await database.db.select().from(schema.skills)).map((skill) => skill.id));
    const { bitstoneInfo, relevantExperience, projectsInfo, personalInfo } = (await userByUsername('member')).extras;
    expect(bitstoneInfo?.learningAndDev).toBe(750);
    expect(bitstoneInfo?.teamBuildings).toBe(100);
    expect(relevantExperience?.length).toBeGreaterThanOrEqual(1);
    for (const entry of relevantExperience ?? []) expect(entry.endDate).toMatch(/^(\d{2}\/\d{4}|Present)$/);
    expect(projectsInfo?.length).toBeGreaterThanOrEqual(1);
    expect(personalInfo?.birthdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(personalInfo?.skills?.every((skill) => skillIds.has(skill.id))).toBe(true);
  });

  it('aligns personal objectives and key results to their team\'s objectives, and those to the company\'s', async () => {
    const objectives = await database.db.select().from(schema.objectives);
    const links = await database.db.select().from(objectiveLinks);
    const memberships = await database.db.select().from(schema.teamMembers);
    const teams = await database.db.select().from(schema.teams).where(eq(schema.teams.status, 'active'));
    const owner = await userByUsername('owner');
    const member = await userByUsername('member');
    const byId = new Map(objectives.map((o) => [o.id, o]));
    const company = objectives.filter((o) => o.level === 'company');
    expect(company.length).toBeGreaterThanOrEqual(3);
    expect(company.every((o) => o.ownerId === owner.id && o.status === 'in progress')).toBe(true);
    for (const team of teams) {
      const lead = memberships.find((m) => m.teamId === team.id && m.isLead)!.userId;
      const ours = objectives.filter((o) => o.level === 'team' && o.teamId === team.id);
      expect(ours.length, team.name).toBe(2);
      expect(ours.every((o) => o.ownerId === lead && o.authorId === lead), team.name).toBe(true);
      // every team's roadmap supports the company, and something of the team's members supports it
      expect(links.some((l) => l.childObjectiveId === ours[0].id && byId.get(l.parentObjectiveId)?.level === 'company'), team.name).toBe(true);
      expect(links.some((l) => l.parentObjectiveId === ours[0].id && byId.get(l.childObjectiveId)?.level === 'personal'), team.name).toBe(true);
    }
    for (const link of links) {
      const [child, parent] = [byId.get(link.childObjectiveId)!, byId.get(link.parentObjectiveId)!];
      expect(supportsLevel(levelOf(child.level), levelOf(parent.level)), `${child.level} -> ${parent.level}`).toBe(true);
      if (child.level === 'personal') expect(child.teamId).toBe(parent.teamId);
    }
    const mine = links.filter((l) => byId.get(l.childObjectiveId)?.ownerId === member.id);
    expect(mine.some((l) => l.childKeyResultId === null)).toBe(true);
    expect(mine.some((l) => l.childKeyResultId !== null)).toBe(true);
    // weights on one rolling parent, and private objectives among the team objectives' children
    expect(links.some((l) => l.weight > 1 && byId.get(l.parentObjectiveId)?.rollupMode === 'children')).toBe(true);
    const privateChildren = links.filter((l) => byId.get(l.parentObjectiveId)?.level === 'team' && !byId.get(l.childObjectiveId)!.isPublic);
    expect(privateChildren.some((l) => byId.get(l.childObjectiveId)!.ownerId !== member.id && byId.get(l.parentObjectiveId)!.teamId === byId.get(l.childObjectiveId)!.teamId)).toBe(true);
    // the stored roll-ups are the hub's: computed again from nothing, they come out the same
    const rolling = objectives.filter((o) => o.rollupMode === 'children');
    expect(rolling.length).toBeGreaterThanOrEqual(3);
    expect(rolling.some((o) => (o.rolledUpProgress ?? 0) > 0)).toBe(true);
    const again = new Map<number, number | null>();
    await database.db.transaction(async (tx) => {
      await tx.update(schema.objectives).set({ rolledUpProgress: null }).where(eq(schema.objectives.rollupMode, 'children'));
      await recomputeRollups(tx, rolling.map((o) => o.id));
      for (const row of await tx.select({ id: schema.objectives.id, value: schema.objectives.rolledUpProgress }).from(schema.objectives)
        .where(eq(schema.objectives.rollupMode, 'children'))) again.set(row.id, row.value);
      tx.rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
    for (const o of rolling) expect(again.get(o.id), o.title).toBe(o.rolledUpProgress);
  });

  it('builds the same company on every run', async () => {
    const again = await createTestDatabase();
    try {
      await seedDemoCompany(again.db, { now: NOW });
      const names = (db: Database['db']) =>
        db.select({ name: schema.users.name, username: schema.users.username }).from(schema.users).orderBy(schema.users.id);
      const titles = (db: Database['db']) =>
        db.select({ title: schema.objectives.title, status: schema.objectives.status }).from(schema.objectives).orderBy(schema.objectives.id);
      expect(await names(again.db)).toEqual(await names(database.db));
      expect(await titles(again.db)).toEqual(await titles(database.db));
    } finally {
      await again.close();
    }
  });
});

describe('bootstrap admin (HUB_DEMO=0)', () => {
  it('creates the four roles and one admin who needs no first-login step', async () => {
    const database = await createTestDatabase();
    try {
      await seedBootstrapAdmin(database.db, { username: 'root', password: 's3cret-pass' });
      const roles = await database.db.select().from(schema.roles);
      expect(roles.map((role) => role.name).sort()).toEqual(['Admin', 'Guest', 'Team lead', 'User']);
      expect(roles.find((role) => role.name === 'Team lead')?.capabilities).toEqual([]);
      const users = await database.db.select().from(schema.users);
      expect(users).toHaveLength(1);
      expect(users[0].firstLogin).toBe(false);
      expect(roles.find((role) => role.id === users[0].roleId)?.name).toBe('Admin');
      expect(await verifyPassword('s3cret-pass', users[0].passwordHash)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
