import { sql } from 'drizzle-orm';
import type { Tx } from '../../client';
import { countRows, queryRows } from './bulk';

// What the demo seed left: the large company grows from it and reuses its password hash, roles,
// jobs and teams.

export interface DemoCompany {
  passwordHash: string;
  roleIds: Map<string, number>;
  jobIds: Map<string, number>;
  /** Active demo teams with their lead (if any). */
  teams: Array<{ id: number; leadId: number | null }>;
  users: number;
  objectives: number;
  keyResults: number;
  evaluations: number;
  maxUserId: number;
  maxTeamId: number;
  maxObjectiveId: number;
}

export async function readDemo(tx: Tx): Promise<DemoCompany> {
  const [admin] = await queryRows<{ hash: string }>(tx, sql`select password_hash as hash from users where username = 'admin'`);
  if (!admin?.hash) throw new Error('the demo seed has no admin');
  const roles = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from roles`);
  const jobs = await queryRows<{ id: number; name: string }>(tx, sql`select id, name from jobs`);
  const teams = await queryRows<{ id: number; lead_id: number | null }>(tx, sql`
    select t.id, (select min(m.user_id) from team_members m where m.team_id = t.id and m.is_lead) as lead_id
    from teams t where t.status = 'active' order by t.id`);
  const [max] = await queryRows<{ u: number; t: number; o: number }>(tx, sql`
    select (select max(id) from users)::int as u, (select max(id) from teams)::int as t, (select coalesce(max(id), 0) from objectives)::int as o`);
  return {
    passwordHash: admin.hash,
    roleIds: new Map(roles.map((r) => [r.name, Number(r.id)])),
    jobIds: new Map(jobs.map((j) => [j.name, Number(j.id)])),
    teams: teams.map((t) => ({ id: Number(t.id), leadId: t.lead_id === null ? null : Number(t.lead_id) })),
    users: await countRows(tx, 'users'),
    objectives: await countRows(tx, 'objectives'),
    keyResults: await countRows(tx, 'key_results'),
    evaluations: await countRows(tx, 'evaluations'),
    maxUserId: Number(max.u),
    maxTeamId: Number(max.t),
    maxObjectiveId: Number(max.o),
  };
}
