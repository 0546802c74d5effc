import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { exportUserPages, exportUsers } from '../../server/features/team/users-data';
import { MAIN_HEADERS, PROJECT_HEADERS, RELEVANT_HEADERS, USER_COLUMN_WIDTHS, usersWorkbookStream } from '../../server/features/team/users-xlsx';
import { loadSessionUser } from '../../server/features/auth/session-user';
import { EXPORT_COLUMN_WIDTH, EXPORT_SHEETS, USERS_EXPORT_FILE } from '../../shared/rules/people-exports';
import { createRole, createTeam, createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';
import { readXlsx, type SheetRead } from '../support/xlsx-read';
import { expectSizedToContent } from '../support/xlsx-widths';

// The users spreadsheets (spec §9), read back with tests/support/xlsx-read.ts.
let hub: TestHub;
const tokens: Record<string, string> = {};
let mateId: number;
let teamId: number;
// longer than the spec's width of 20, so the Email column must grow to hold it
const LONG_EMAIL = 'paul.alexandru.plain-ionescu@bitstone.example';

beforeAll(async () => {
  hub = await startTestHub();
  const exporter = await createRole(hub.db, { name: 'Exporter', capabilities: ['EXPORT_USERS', 'EDIT_RELEVANT_EXPERIENCE'] });
  const team = await createTeam(hub.db, { name: 'Alpha' });
  teamId = team.id;
  const mate = await createUser(hub.db, { name: 'Mara Mate', teamIds: [team.id] });
  mateId = mate.id;
  await hub.db.update(users).set({
    joinDate: '2021-03-15',
    extras: {
      relevantExperience: [{ company: 'Acme', position: 'Dev', startDate: '02/2019', endDate: 'Present', description: 'Built the billing service. '.repeat(10) }],
      projectsInfo: [{ title: 'Apollo' }, { title: 'Zeus' }],
    },
  }).where(eq(users.id, mate.id));
  const exp = await createUser(hub.db, { name: 'Eva Exporter', roleId: exporter.id });
  const plain = await createUser(hub.db, { name: 'Paul Plain', email: LONG_EMAIL });
  await createUser(hub.db, { name: 'Zed Archived', status: 'deleted' });
  tokens.exporter = (await hub.login(exp.username, TEST_PASSWORD)).token;
  tokens.plain = (await hub.login(plain.username, TEST_PASSWORD)).token;
});
afterAll(() => hub?.close());

async function workbook(path: string, who: string) {
  const res = await fetch(`${hub.url}/api${path}`, { headers: { authorization: `Bearer ${tokens[who]}` } });
  const wb = res.status === 200 ? readXlsx(await res.arrayBuffer()) : undefined;
  return { res, wb: wb! };
}

const headers = (ws: SheetRead) => ws.row(1);

describe('GET /exports/users.xlsx', () => {
  it('holds the three sheets with their headers, widths, dates and one row per active member', async () => {
    const { res, wb } = await workbook('/exports/users.xlsx', 'exporter');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(USERS_EXPORT_FILE));
    expect(wb.sheets.map((w) => w.name)).toEqual([EXPORT_SHEETS.main, EXPORT_SHEETS.relevant, EXPORT_SHEETS.projects]);
    const [main, relevant, projects] = wb.sheets;
    expect(headers(main)).toEqual(MAIN_HEADERS);
    expect(headers(relevant)).toEqual(RELEVANT_HEADERS);
    expect(headers(projects)).toEqual(PROJECT_HEADERS);
    expect(main.width(1)).toBe(EXPORT_COLUMN_WIDTH);
    expect(main.look(1, 1)?.bold).toBe(true);
    expect(main.rowCount).toBe(1 + 3);
    expect(main.cell(3, 1)).toBe('Mara Mate');
    expect(main.cell(3, 5)).toBe('Alpha');
    expect(main.cell(3, 7)).toEqual(new Date('2021-03-15T00:00:00Z'));
    expect(relevant.rowCount).toBe(2);
    expect(relevant.cell(2, 4)).toEqual(new Date('2019-02-01T00:00:00Z'));
    expect(projects.rowCount).toBe(3);
  });

  it('sizes each column to its longest value, header included: from the spec\'s 20 up to a cap ', async () => {
    const { wb } = await workbook('/exports/users.xlsx', 'exporter');
    const [main, relevant] = wb.sheets;
    const emails = main.column(2).slice(1).map((v) => String(v ?? ''));
    expect(emails).toContain(LONG_EMAIL);
    expect(Math.max(...emails.map((e) => e.length))).toBe(LONG_EMAIL.length);
    expect(main.width(2)).toBe(LONG_EMAIL.length + 2);
    // short names keep the spec's width; a long description stops at the cap
    expect(main.width(1)).toBe(EXPORT_COLUMN_WIDTH);
    expect(relevant.width(6)).toBe(USER_COLUMN_WIDTHS.max);
    expect(relevant.width(2)).toBe(EXPORT_COLUMN_WIDTH);
    for (const ws of wb.sheets) expectSizedToContent(ws, USER_COLUMN_WIDTHS);
  });

  it('honours the directory filters', async () => {
    const { wb } = await workbook(`/exports/users.xlsx?teams=${teamId}`, 'exporter');
    expect(wb.sheets[0].rowCount).toBe(2);
    expect((await workbook('/exports/users.xlsx?status=deleted', 'exporter')).res.status).toBe(403);
  });

  it('is refused without export-users', async () => {
    expect((await workbook('/exports/users.xlsx', 'plain')).res.status).toBe(403);
    expect((await workbook(`/exports/users/${mateId}.xlsx`, 'plain')).res.status).toBe(403);
  });
});

describe('GET /exports/users/:id.xlsx', () => {
  it("is '{name} information.xlsx' with the member alone", async () => {
    const { res, wb } = await workbook(`/exports/users/${mateId}.xlsx`, 'exporter');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('Mara Mate information.xlsx');
    expect(wb.sheets[0].rowCount).toBe(2);
    expect(wb.sheets[2].rowCount).toBe(3);
  });
});

describe('paging (streamed exports)', () => {
  it('pages of one member give the same rows, in the same order, as one read', async () => {
    const exporter = (await loadSessionUser(hub.db, (await hub.get('/api/auth/me', { token: tokens.exporter })).body.data.user.id))!.user;
    const paged = [];
    for await (const page of exportUserPages(hub.db, exporter, undefined, 1)()) paged.push(...page);
    expect(paged.length).toBeGreaterThan(3);
    expect(paged).toEqual(await exportUsers(hub.db, exporter, undefined));
  });

  it('reads the members once for all three sheets, the same workbook as from rows in memory', async () => {
    const exporter = (await loadSessionUser(hub.db, (await hub.get('/api/auth/me', { token: tokens.exporter })).body.data.user.id))!.user;
    const pages = exportUserPages(hub.db, exporter, undefined, 1);
    let passes = 0;
    const counted = async function* () {
      passes += 1;
      yield* pages();
    };
    const sheets = async (source: Parameters<typeof usersWorkbookStream>[0], spoolMemoryLimit?: number) => {
      const chunks: Buffer[] = [];
      for await (const chunk of usersWorkbookStream(source, { spoolMemoryLimit })) chunks.push(chunk as Buffer);
      return readXlsx(Buffer.concat(chunks)).sheets.map((ws) => ({ name: ws.name, rows: Array.from({ length: ws.rowCount }, (_, r) => JSON.stringify(ws.row(r + 1))) }));
    };
    const inMemory = await sheets(await exportUsers(hub.db, exporter, undefined));
    // a limit of 0 puts every page in the temporary file, as a large company does
    const spooled = await sheets(counted, 0);
    expect(passes).toBe(1);
    expect(spooled).toEqual(inMemory);
    expect(spooled[2].rows.length).toBeGreaterThan(2);
    expect(await sheets(counted)).toEqual(inMemory);
    expect(passes).toBe(2);
  });
});
