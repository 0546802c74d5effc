import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVALUATION_COLUMN_WIDTHS, EVALUATION_HEADERS } from '../../server/features/evaluations/evaluations-xlsx';
import { evaluationsExportFile } from '../../shared/api/evaluations';
import { EVALUATION_FIELDS } from '../../shared/rules/constants';
import { RATING_OUT_OF_SCALE } from '../../shared/rules/evaluation-scale';
import { EVALUATION_MESSAGES } from '../../shared/rules/objective-messages';
import { buildWorld, type ObjectiveWorld, type Who } from './objectives-fixture';
import { expectSizedToContent } from '../support/xlsx-widths';
import { readXlsx } from '../support/xlsx-read';

// Evaluations (objective-tracking §5, §6, §7), each rule allowed and refused.
let w: ObjectiveWorld;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.hub.close());

const VALUES = {
  technical_expertise: '4', teamwork: '5', flexibility: '3', results_focus: '4', languages: '2', continual_learning: '3',
  safety_focus: '4', communication: '5', initiative: '1', open_discussion: '3', targets: 'Lead the next release.',
};
const create = (who: Who, userId: number, body: Record<string, unknown> = VALUES) =>
  w.hub.post('/api/employee-details', { user_id: userId, ...body }, { token: w.tokens[who] });
const details = (who: Who, userId: number) => w.hub.get(`/api/employee-details/${userId}`, { token: w.tokens[who] });

describe('POST /employee-details', () => {
  it('lets the team lead and the teams manager of the employee create one, authored by them', async () => {
    for (const who of ['lead', 'manager'] as const) {
      const res = await create(who, w.ids.member);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ user: { id: w.ids.member, name: 'Bogdan Member' }, author: { id: w.ids[who] }, ...VALUES });
    }
  });
  it('refuses members, owners, another team’s lead, the guest and self-evaluation with 403', async () => {
    for (const who of ['mate', 'owner', 'otherLead', 'guest', 'outsider'] as const) expect((await create(who, w.ids.member)).status).toBe(403);
    expect((await create('lead', w.ids.lead)).status).toBe(403);
  });
  it('answers 400 with the spec message per missing field, Targes included', async () => {
    const res = await create('lead', w.ids.member, {});
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    for (const field of EVALUATION_FIELDS) expect(Object.values(byField)).toContain(EVALUATION_MESSAGES[field]);
    expect(Object.values(byField)).toContain('Targes is required');
    const blank = await create('lead', w.ids.member, { ...VALUES, teamwork: '  ', targets: '' });
    expect(blank.body.errors.map((e: { message: string }) => e.message).sort()).toEqual([EVALUATION_MESSAGES.targets, EVALUATION_MESSAGES.teamwork].sort());
    const scale = await create('lead', w.ids.member, { ...VALUES, initiative: '7' });
    expect(scale.status).toBe(400);
    expect(scale.body.errors[0].message).toBe(RATING_OUT_OF_SCALE);
  });
  it('answers 404 for an unknown employee', async () => {
    expect((await create('lead', 999_999)).status).toBe(404);
  });
});

describe('GET /employee-details/:userId and the list', () => {
  it('shows the employee, their lead, manager and owners the summary and evaluations', async () => {
    await create('lead', w.ids.mate);
    for (const who of ['mate', 'lead', 'manager', 'owner'] as const) {
      const res = await details(who, w.ids.mate);
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ id: w.ids.mate, name: 'Carmen Mate', team: [{ name: 'Alpha' }] });
      expect(res.body.data.items.length).toBeGreaterThanOrEqual(1);
      expect(res.body.data.can_write).toBe(who === 'lead' || who === 'manager');
    }
    const list = await w.hub.get(`/api/employee-details?user_id=${w.ids.mate}`, { token: w.tokens.mate });
    expect(list.status).toBe(200);
    expect(list.body.data.items[0].targets).toBe(VALUES.targets);
  });
  it('refuses a colleague, another team’s lead and the guest with 403', async () => {
    for (const who of ['member', 'otherLead', 'guest'] as const) {
      expect((await details(who, w.ids.mate)).status).toBe(403);
      expect((await w.hub.get(`/api/employee-details?user_id=${w.ids.mate}`, { token: w.tokens[who] })).status).toBe(403);
    }
  });
});

describe('PUT and DELETE /employee-details/:id', () => {
  it('lets the lead edit and delete; refuses the employee and owners', async () => {
    const id = (await create('manager', w.ids.member)).body.data.id as number;
    const put = (who: Who, body: Record<string, unknown>) => w.hub.request('PUT', `/api/employee-details/${id}`, { token: w.tokens[who], body });
    expect((await put('member', { ...VALUES, teamwork: '1' })).status).toBe(403);
    expect((await put('owner', { ...VALUES, teamwork: '1' })).status).toBe(403);
    const bad = await put('lead', { ...VALUES, targets: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ message: 'Targes is required', field: 'targets' });
    const ok = await put('lead', { ...VALUES, teamwork: '1' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id, teamwork: '1', author: { id: w.ids.manager } });
    const del = (who: Who) => w.hub.request('DELETE', `/api/employee-details/${id}`, { token: w.tokens[who] });
    expect((await del('member')).status).toBe(403);
    expect((await del('otherLead')).status).toBe(403);
    expect((await del('lead')).body.data).toEqual({ removed: true, id });
    expect((await del('lead')).status).toBe(404);
  });
});

describe('PUT and DELETE /employee-details with entityId (spec §7 shape)', () => {
  it('edits and deletes by entityId under the same rule', async () => {
    const id = (await create('lead', w.ids.mate)).body.data.id as number;
    const put = (who: Who, body: Record<string, unknown>) => w.hub.request('PUT', '/api/employee-details', { token: w.tokens[who], body });
    expect((await put('mate', { ...VALUES, entity_id: id })).status).toBe(403);
    expect((await put('lead', { ...VALUES, entity_id: id, initiative: '5' })).body.data).toMatchObject({ id, initiative: '5' });
    expect((await put('lead', VALUES)).status).toBe(400);
    const del = (who: Who) => w.hub.request('DELETE', '/api/employee-details', { token: w.tokens[who], body: { entity_id: id } });
    expect((await del('outsider')).status).toBe(403);
    expect((await del('manager')).body.data).toEqual({ removed: true, id });
  });
});

describe('GET /exports/evaluations/:userId.xlsx', () => {
  async function workbook(who: Who, userId: number) {
    const res = await fetch(`${w.hub.url}/api/exports/evaluations/${userId}.xlsx`, { headers: { authorization: `Bearer ${w.tokens[who]}` } });
    return { res, wb: res.status === 200 ? readXlsx(await res.arrayBuffer()) : undefined };
  }
  it('exports the evaluations with rating labels for those who may read them', async () => {
    const { res, wb } = await workbook('member', w.ids.member);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(evaluationsExportFile('Bogdan Member')));
    const ws = wb!.sheets[0];
    expect(ws.row(1)).toEqual(EVALUATION_HEADERS);
    expect(ws.cell(1, 13)).toBe('Conclusion');
    expect(ws.rowCount).toBeGreaterThanOrEqual(3);
    expect(ws.cell(2, 3)).toBe('4 – Exceeds expectations');
    expect(ws.cell(2, 13)).toBe(VALUES.targets);
    // the targets, a long text, wrap at the column's cap
    expect(ws.look(2, 13)?.wrap).toBe(true);
    expectSizedToContent(ws, EVALUATION_COLUMN_WIDTHS);
  });
  it('refuses those who may not read them', async () => {
    expect((await workbook('mate', w.ids.member)).res.status).toBe(403);
    expect((await workbook('guest', w.ids.member)).res.status).toBe(403);
  });
});
