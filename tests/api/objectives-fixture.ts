import { eq } from 'drizzle-orm';
import { keyResults, objectives } from '../../server/db/schema';
import { isoDay } from '../../shared/rules/dates';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type StartTestHubOptions, type TestHub, type WireBody } from '../support/hub';

// A small company for the objective API tests: one team with its lead, two members and a
// teams manager, a second team, an owner and a guest. Each test file builds its own.

export const PEOPLE = ['lead', 'member', 'mate', 'manager', 'owner', 'outsider', 'otherLead', 'guest'] as const;
export type Who = (typeof PEOPLE)[number];

export interface ObjectiveWorld {
  hub: TestHub;
  ids: Record<Who, number>;
  tokens: Record<Who, string>;
  alpha: number;
  beta: number;
  /** POST /api/objective as someone; fields override a valid form */
  create(who: Who, fields?: Record<string, unknown>): Promise<WireBody>;
  put(who: Who, id: number, body: Record<string, unknown>): Promise<{ status: number; body: WireBody }>;
  /** the version an edit names (docs/api.md, 'Versions and 409'): the objective's last_modification_date as the hub sends it */
  version(objectiveId: number): Promise<{ last_modification_date: string }>;
  keyResultVersion(keyResultId: number): Promise<{ last_modification_date: string }>;
}

export const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return isoDay(d);
};

export async function buildWorld(options: StartTestHubOptions = {}): Promise<ObjectiveWorld> {
  const hub = await startTestHub(options);
  const db = hub.db;
  const leadRole = await createRole(db, { name: 'Team lead' });
  const guestRole = await createRole(db, { name: 'Guest' });
  const alpha = (await createTeam(db, { name: 'Alpha' })).id;
  const beta = (await createTeam(db, { name: 'Beta' })).id;
  const rows = {
    lead: await createUser(db, { name: 'Ana Lead', leads: [alpha], roleId: leadRole.id }),
    member: await createUser(db, { name: 'Bogdan Member', teamIds: [alpha] }),
    mate: await createUser(db, { name: 'Carmen Mate', teamIds: [alpha] }),
    manager: await createUser(db, { name: 'Dan Manager', teamIds: [alpha], manages: [alpha] }),
    owner: await createUser(db, { name: 'Emil Owner', isOwner: true }),
    outsider: await createUser(db, { name: 'Flavia Outsider', teamIds: [beta] }),
    otherLead: await createUser(db, { name: 'Gelu Lead', leads: [beta], roleId: leadRole.id }),
    guest: await createUser(db, { name: 'Horia Guest', teamIds: [beta], roleId: guestRole.id }),
  };
  const ids = {} as Record<Who, number>;
  const tokens = {} as Record<Who, string>;
  for (const who of PEOPLE) {
    ids[who] = rows[who].id;
    tokens[who] = (await hub.login(rows[who].username, TEST_PASSWORD)).token;
  }
  const world: ObjectiveWorld = {
    hub, ids, tokens, alpha, beta,
    async create(who, fields = {}) {
      const body = {
        title: 'Ship the release', team_id: alpha, owner_id: ids[who], description: 'All of it',
        category: 'Technology', subcategory: 'Development', priority: 'medium', deadline: day(30), ...fields,
      };
      return hub.post('/api/objective', body, { token: tokens[who] });
    },
    async put(who, id, body) {
      return hub.request('PUT', `/api/objective/${id}`, { token: tokens[who], body });
    },
    // read from the database, so a caller who may not see the objective can still name its version
    async version(objectiveId) {
      const [row] = await db.select({ at: objectives.lastModificationDate }).from(objectives).where(eq(objectives.id, objectiveId));
      return { last_modification_date: row.at.toISOString() };
    },
    async keyResultVersion(keyResultId) {
      const [row] = await db.select({ at: keyResults.lastModificationDate }).from(keyResults).where(eq(keyResults.id, keyResultId));
      return { last_modification_date: row.at.toISOString() };
    },
  };
  return world;
}
