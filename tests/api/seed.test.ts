import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { isDatabaseEmpty, seedBootstrapAdmin, seedDemoCompany } from '../../server/db/seed';
import { verifyPassword } from '../../server/services/passwords';
import { ALL_CAPABILITIES } from '../../shared/rules/capabilities';
import { createTestDatabase } from '../support/test-db';

// Pinned so the demo's relative dates (deadlines, holidays, hours) are the same on every run.
const NOW = new Date('2025-06-18T10:00:00Z');

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
