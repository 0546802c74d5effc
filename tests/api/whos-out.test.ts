import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holidayEvents } from '../../server/db/schema';
import { presenceWindow } from '../../server/features/holidays/whos-out';
import { presenceSchema, whosOutResponseSchema } from '../../shared/api/whos-out';
import { ROLE_TEAM_LEAD } from '../../shared/rules/roles';
import { addDays, daysAhead, isWorkingDay, presenceOf } from '../../shared/rules/whos-out';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub, type WireBody } from '../support/hub';

// Who's out: every people answer carries who is out today (until when) or soon, the
// kind of leave only for a viewer who may see it (spec §6, as vacation days: the person, their
// team lead, view-bitstone), the directory filters on it, and the dashboard card lists the
// viewer's teams. Dates are relative to the hub's today, so the test holds on any day.
let hub: TestHub;
let alpha: number;
const ids: Record<'lead' | 'away' | 'soon' | 'colleague' | 'outsider' | 'hr', number> = {} as never;
const tokens: Record<keyof typeof ids, string> = {} as never;
const { today, publicDays } = presenceWindow();
const publicSet = new Set(publicDays.keys());
/** The first working day after today: 'away' is back by then, 'soon' is out on it. */
const nextWorking = daysAhead(today, publicSet).slice(1).find((day) => isWorkingDay(day, publicSet))!;
const awayLeave = { start: addDays(today, -3), end: addDays(today, 0), type: 'Medical' };
const soonLeave = { start: nextWorking, end: nextWorking, type: 'De odihna' };

beforeAll(async () => {
  hub = await startTestHub();
  const db = hub.db;
  alpha = (await createTeam(db)).id;
  const beta = (await createTeam(db)).id;
  const leadRole = await createRole(db, { name: ROLE_TEAM_LEAD });
  const hrRole = await createRole(db, { capabilities: ['VIEW_BITSTONE_INFO'] });
  const people = {
    lead: await createUser(db, { name: 'Aa Lead', leads: [alpha], roleId: leadRole.id }),
    away: await createUser(db, { name: 'Ab Away', teamIds: [alpha] }),
    soon: await createUser(db, { name: 'Ac Soon', teamIds: [alpha] }),
    colleague: await createUser(db, { name: 'Ad Colleague', teamIds: [alpha] }),
    outsider: await createUser(db, { name: 'Ae Outsider', teamIds: [beta] }),
    hr: await createUser(db, { name: 'Af HR', roleId: hrRole.id }),
  };
  await db.insert(holidayEvents).values([
    { userId: people.away.id, title: 'Ab Away - Medical', ...awayLeave, teamIds: [alpha] },
    { userId: people.soon.id, title: 'Ac Soon - Vacation Day', ...soonLeave, teamIds: [alpha] },
    { userId: people.outsider.id, title: 'Ae Outsider - Medical', ...awayLeave, teamIds: [beta] },
    // a national day row is the calendar's, not anyone's leave
    { userId: people.colleague.id, title: 'Ziua națională', start: today, end: today, type: 'national_holiday', teamIds: [alpha] },
  ]);
  for (const [key, user] of Object.entries(people)) {
    ids[key as keyof typeof ids] = user.id;
    tokens[key as keyof typeof ids] = (await hub.login(user.username, TEST_PASSWORD)).token;
  }
});
afterAll(() => hub?.close());

const awayExpected = (showKind: boolean) => presenceOf([awayLeave], today, publicSet, showKind);

async function directory(token: string, query: string): Promise<Map<number, WireBody>> {
  const res = await hub.get(`/api/user?teams=${alpha}&limit=200${query}`, { token });
  expect(res.status).toBe(200);
  return new Map(res.body.data.items.map((m: WireBody) => [m.id, m]));
}

/** The wire's snake_case presence, read back through the hub's schema. */
const presence = (wire: WireBody) => (wire === null ? null : presenceSchema.parse({ outUntil: wire.out_until, outFrom: wire.out_from, kind: wire.kind }));

describe('presence on the people answers', () => {
  it('the directory marks who is out today and until when, and who is out soon, with the kind for their team lead', async () => {
    const cards = await directory(tokens.lead, '');
    expect(presence(cards.get(ids.away).presence)).toEqual({ ...awayExpected(true), kind: 'Medical' });
    expect(presence(cards.get(ids.soon).presence)).toEqual({ outUntil: null, outFrom: nextWorking, kind: 'Vacation Day' });
    // the national day row is nobody's leave
    expect(cards.get(ids.colleague).presence).toBeNull();
  });

  it('a viewer who may not see the kind of leave gets no kind, on every answer', async () => {
    const cards = await directory(tokens.outsider, '');
    expect(cards.get(ids.away).presence).toEqual({ out_until: awayExpected(false)!.outUntil, out_from: null });
    expect(cards.get(ids.soon).presence).not.toHaveProperty('kind');
    const profile = await hub.get(`/api/user/${ids.away}`, { token: tokens.outsider });
    expect(profile.body.data.user.presence).toEqual({ out_until: awayExpected(false)!.outUntil, out_from: null });
    const chart = await hub.get('/api/org-chart', { token: tokens.outsider });
    expect(chart.body.data.people.find((p: WireBody) => p.id === ids.away).presence).not.toHaveProperty('kind');
    // a team mate who is not the lead sees that a mate is out, not why
    const mates = await hub.get('/api/user/team', { token: tokens.colleague });
    expect(mates.body.data.items.find((m: WireBody) => m.id === ids.away).presence).not.toHaveProperty('kind');
  });

  it('the kind goes to the person themselves, their team lead and view-bitstone holders', async () => {
    for (const viewer of ['away', 'lead', 'hr'] as const) {
      const profile = await hub.get(`/api/user/${ids.away}`, { token: tokens[viewer] });
      expect(profile.status).toBe(200);
      expect(profile.body.data.user.presence.kind).toBe('Medical');
    }
    const chart = await hub.get('/api/org-chart', { token: tokens.hr });
    expect(chart.body.data.people.find((p: WireBody) => p.id === ids.away).presence.kind).toBe('Medical');
    const mates = await hub.get('/api/user/team', { token: tokens.lead });
    expect(mates.body.data.items.find((m: WireBody) => m.id === ids.soon).presence).toEqual({ out_until: null, out_from: nextWorking, kind: 'Vacation Day' });
  });

  it("the invite answer carries the member's presence as the team-mates list has it (the step's row keeps its badge)", async () => {
    const mates = await hub.get('/api/user/team', { token: tokens.lead });
    const listed = mates.body.data.items.find((m: WireBody) => m.id === ids.away);
    const email = listed.email as string;
    const invited = await hub.post('/api/user/invite-in-team', { team_member_email: email }, { token: tokens.lead });
    expect(invited.status).toBe(200);
    expect(invited.body.data.member).toMatchObject({ id: ids.away, invited: true });
    expect(presence(invited.body.data.member.presence)).toEqual({ ...awayExpected(true), kind: 'Medical' });
    expect(invited.body.data.member.presence).toEqual(listed.presence);
    // nobody out: null, as in the list
    const colleague = mates.body.data.items.find((m: WireBody) => m.id === ids.colleague);
    const quiet = await hub.post('/api/user/invite-in-team', { team_member_email: colleague.email as string }, { token: tokens.lead });
    expect(quiet.body.data.member.presence).toBeNull();
  });

  it("a team lead does not learn the kind of leave of someone outside the teams they lead", async () => {
    const profile = await hub.get(`/api/user/${ids.outsider}`, { token: tokens.lead });
    expect(profile.body.data.user.presence).toEqual({ out_until: awayExpected(false)!.outUntil, out_from: null });
    const cards = await hub.get('/api/user?limit=200', { token: tokens.lead });
    expect(cards.body.data.items.find((m: WireBody) => m.id === ids.outsider).presence).not.toHaveProperty('kind');
    const chart = await hub.get('/api/org-chart', { token: tokens.lead });
    expect(chart.body.data.people.find((p: WireBody) => p.id === ids.outsider).presence).not.toHaveProperty('kind');
    // and their own team's, as before
    expect(chart.body.data.people.find((p: WireBody) => p.id === ids.away).presence.kind).toBe('Medical');
  });

  it('someone in and not soon out has no presence', async () => {
    const profile = await hub.get(`/api/user/${ids.colleague}`, { token: tokens.lead });
    expect(profile.body.data.user.presence).toBeNull();
  });
});

describe('the directory filter', () => {
  it("'Out today' lists who is out today, 'In today' everyone else", async () => {
    expect([...(await directory(tokens.outsider, '&presence=out')).keys()]).toEqual([ids.away]);
    expect([...(await directory(tokens.outsider, '&presence=in')).keys()]).toEqual([ids.lead, ids.soon, ids.colleague]);
  });

  it('refuses another value with a 400 on presence', async () => {
    const res = await hub.get('/api/user?presence=maybe', { token: tokens.outsider });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('presence');
  });
});

describe("GET /holidays/whos-out", () => {
  it("lists the viewer's teams' people out today and on the next five working days, with the public holidays", async () => {
    const res = await hub.get('/api/holidays/whos-out', { token: tokens.lead });
    expect(res.status).toBe(200);
    const card = whosOutResponseSchema.parse({ data: { today: res.body.data.today, hasTeams: res.body.data.has_teams, days: res.body.data.days.map((d: WireBody) => ({ date: d.date, publicHoliday: d.public_holiday, people: d.people.map((p: WireBody) => ({ id: p.id, name: p.name, imagePath: p.image_path, kind: p.kind })) })) } }).data;
    expect(card.today).toBe(today);
    expect(card.days.map((d) => d.date)).toEqual(daysAhead(today, publicSet));
    for (const day of card.days) expect(day.publicHoliday).toBe(publicDays.get(day.date) ?? null);
    const on = (date: string) => card.days.find((d) => d.date === date)!.people;
    if (!publicSet.has(today)) expect(on(today)).toEqual([expect.objectContaining({ id: ids.away, name: 'Ab Away', kind: 'Medical' })]);
    expect(on(nextWorking)).toEqual([expect.objectContaining({ id: ids.soon, kind: 'Vacation Day' })]);
  });

  it('shows a plain team mate who is out, without the kind', async () => {
    const res = await hub.get('/api/holidays/whos-out', { token: tokens.colleague });
    const soon = res.body.data.days.find((d: WireBody) => d.date === nextWorking).people;
    expect(soon).toEqual([{ id: ids.soon, name: 'Ac Soon', image_path: null }]);
  });

  it('says so to someone in no team', async () => {
    const res = await hub.get('/api/holidays/whos-out', { token: tokens.hr });
    expect(res.body.data.has_teams).toBe(false);
    expect(res.body.data.days.every((d: WireBody) => d.people.length === 0)).toBe(true);
  });
});

describe('GET /holidays/out-on', () => {
  it("answers whether the person is on leave that day, never why", async () => {
    const out = await hub.get(`/api/holidays/out-on?user_id=${ids.away}&date=${today}`, { token: tokens.outsider });
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ out: true });
    const back = await hub.get(`/api/holidays/out-on?user_id=${ids.away}&date=${nextWorking}`, { token: tokens.outsider });
    expect(back.body.data).toEqual({ out: false });
    const national = await hub.get(`/api/holidays/out-on?user_id=${ids.colleague}&date=${today}`, { token: tokens.outsider });
    expect(national.body.data).toEqual({ out: false });
  });

  it('refuses a date that is not one', async () => {
    const res = await hub.get(`/api/holidays/out-on?user_id=${ids.away}&date=2026-02-30`, { token: tokens.outsider });
    expect(res.status).toBe(400);
  });
});
