import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysLeft, holidayEvents } from '../../server/db/schema';
import { ROLE_TEAM_LEAD } from '../../shared/rules/roles';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';

// people-and-shell §2/§6/§7: the holidays calendar's calls and who sees whose days left.
let hub: TestHub;
const tokens: Record<'lead' | 'mate' | 'outsider' | 'hr' | 'nobody', string> = {} as never;
let alpha: { id: number };
let beta: { id: number };

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  alpha = await createTeam(db);
  beta = await createTeam(db);
  const leadRole = await createRole(db, { name: ROLE_TEAM_LEAD });
  const hrRole = await createRole(db, { capabilities: ['VIEW_BITSTONE_INFO'] });
  const lead = await createUser(db, { name: 'Lia Lead', email: 'lia@bitstone.test', leads: [alpha.id], roleId: leadRole.id });
  const mate = await createUser(db, { name: 'Matei Mate', email: 'matei@bitstone.test', teamIds: [alpha.id] });
  const outsider = await createUser(db, { name: 'Oana Out', email: 'oana@bitstone.test', teamIds: [beta.id] });
  const hr = await createUser(db, { name: 'Horia HR', email: 'horia@bitstone.test', roleId: hrRole.id });
  const nobody = await createUser(db, { name: 'Nae Nobody', email: 'nae@bitstone.test' });
  await db.insert(daysLeft).values([
    { email: 'LIA@bitstone.test', daysLeft: 3 },
    { email: 'matei@bitstone.test', daysLeft: 12 },
    { email: 'oana@bitstone.test', daysLeft: -1 },
    { email: 'former@bitstone.test', daysLeft: 4 },
  ]);
  await db.insert(holidayEvents).values([
    { title: 'Matei - Vacation Day', start: '2026-03-30', end: '2026-04-02', type: 'De odihna', teamIds: [alpha.id] },
    { title: 'Oana - Medical', start: '2026-04-15', end: '2026-04-15', type: 'Medical', teamIds: [beta.id] },
    { title: 'Oana - Birthday', start: '2026-05-01', end: '2026-05-01', type: 'Birthday', teamIds: [beta.id] },
  ]);
  for (const [key, user] of Object.entries({ lead, mate, outsider, hr, nobody })) tokens[key as keyof typeof tokens] = (await hub.login(user.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

describe('GET /holidays', () => {
  it('answers data.allHolidays with the events overlapping the range, with their team ids', async () => {
    const res = await hub.get('/api/holidays?from=2026-04-01&to=2026-04-30', { token: tokens.mate });
    expect(res.status).toBe(200);
    expect(res.body.data.all_holidays).toEqual([
      expect.objectContaining({ title: 'Matei - Vacation Day', start: '2026-03-30', end: '2026-04-02', type: 'De odihna', team: [alpha.id] }),
      expect.objectContaining({ title: 'Oana - Medical', type: 'Medical', team: [beta.id] }),
    ]);
  });

  it.each([
    ['', 'from'],
    ['?from=2026-04-01', 'to'],
    ['?from=2026-04-31&to=2026-05-01', 'from'],
    ['?from=yesterday&to=2026-05-01', 'from'],
    ['?from=2026-05-01&to=2026-04-01', 'to'],
    ['?from=2024-01-01&to=2026-01-01', 'to'],
  ])('refuses %s with a 400 on %s', async (query, field) => {
    const res = await hub.get(`/api/holidays${query}`, { token: tokens.mate });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('GET /holidays/days-left', () => {
  it('answers my own record matched by email regardless of case, and the holidays app address', async () => {
    const res = await hub.get('/api/holidays/days-left', { token: tokens.lead });
    expect(res.body.data).toEqual({ holidays: { email: 'LIA@bitstone.test', days_left: 3 }, holidays_app_url: null });
  });

  it('is null when the holidays app has no record for me', async () => {
    expect((await hub.get('/api/holidays/days-left', { token: tokens.nobody })).body.data.holidays).toBeNull();
  });
});

describe('GET /holidays/days-left/all (spec §6 view-bitstone rule)', () => {
  const emails = async (token: string) => {
    const res = await hub.get('/api/holidays/days-left/all', { token });
    expect(res.status).toBe(200);
    return res.body.data.holidays.map((h: { email: string }) => h.email.toLowerCase()).sort();
  };

  it('the view-bitstone capability sees every record, unmatched ones too', async () => {
    expect(await emails(tokens.hr)).toEqual(['former@bitstone.test', 'lia@bitstone.test', 'matei@bitstone.test', 'oana@bitstone.test']);
  });

  it('a team lead sees their team members and themselves, not other teams', async () => {
    expect(await emails(tokens.lead)).toEqual(['lia@bitstone.test', 'matei@bitstone.test']);
  });

  it('a member sees only their own record', async () => {
    expect(await emails(tokens.mate)).toEqual(['matei@bitstone.test']);
    expect(await emails(tokens.outsider)).toEqual(['oana@bitstone.test']);
    expect(await emails(tokens.nobody)).toEqual([]);
  });
});

describe('GET /public-holidays/:year/RO', () => {
  it('computes the Romanian days off of a year offline, national day included', async () => {
    const res = await hub.get('/api/public-holidays/2026/RO', { token: tokens.mate });
    expect(res.status).toBe(200);
    const list = res.body.data as Array<{ local_name: string; date: string }>;
    expect(list).toContainEqual({ local_name: expect.stringMatching(/Ziua na[țt]ional[ăa]/i), date: '2026-12-01' });
    expect(list).toContainEqual({ local_name: expect.any(String), date: '2026-01-01' });
    expect(list.map((h) => h.date)).not.toContain('2026-03-08'); // Mother's Day is an observance, not a day off
  });

  it.each(['/api/public-holidays/2026/DE', '/api/public-holidays/twenty/RO', '/api/public-holidays/99999/RO'])('refuses %s with a 400', async (path) => {
    expect((await hub.get(path, { token: tokens.mate })).status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await hub.get('/api/public-holidays/2026/RO')).status).toBe(401);
  });
});
