import { describe, expect, it } from 'vitest';
import { daysLeftRowSchema, holidayRowSchema, RowErrors, timeTaskRowSchema, validateRecords } from './rows';

describe('import rows', () => {
  it('accepts text cells from CSV and typed values from JSON alike', () => {
    expect(validateRecords([{ where: 'Line 2', cells: { email: 'a@b.test', days_left: '12' } }, { where: 'Item 2', cells: { email: 'c@d.test', days_left: -1 } }], daysLeftRowSchema)).toEqual([
      { email: 'a@b.test', daysLeft: 12 },
      { email: 'c@d.test', daysLeft: -1 },
    ]);
    const [task] = validateRecords([{ where: 'Item 1', cells: { id: 42, user: 'ana', date: '2026-11-02', summary: 'Build', hours: '7.5' } }], timeTaskRowSchema);
    expect(task).toEqual({ id: '42', user: 'ana', date: '2026-11-02', summary: 'Build', hours: 7.5 });
    const [event] = validateRecords(
      [{ where: 'Line 2', cells: { external_id: 'h1', title: 'Ana - Vacation Day', start: '2026-11-02', end: '2026-11-03', type: 'De odihna', team_ids: '1;2' } }],
      holidayRowSchema,
    );
    expect(event).toMatchObject({ externalId: 'h1', teamIds: [1, 2] });
  });

  it('reports every bad row with its line and reason', () => {
    try {
      validateRecords(
        [
          { where: 'Line 2', cells: { external_id: 'h1', title: 'x', start: '2026-02-30', end: '2026-03-01', type: 'De odihna', team_ids: '' } },
          { where: 'Line 3', cells: { external_id: 'h2', title: 'y', start: '2026-03-02', end: '2026-03-01', type: 'Holiday', team_ids: 'a' } },
        ],
        holidayRowSchema,
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RowErrors);
      const problems = (error as RowErrors).problems;
      expect(problems[0]).toBe('Line 2: start must be a date (YYYY-MM-DD).');
      expect(problems[1]).toMatch(/^Line 3: .*type is not one of the six holiday types\..*team_ids must be team ids/);
    }
  });

  it('refuses hours outside a day and days left that are not whole numbers', () => {
    expect(() => validateRecords([{ where: 'Line 2', cells: { id: '1', user: 'a', date: '2026-11-02', summary: 's', hours: '25' } }], timeTaskRowSchema)).toThrow(/Line 2: hours must be from 0 to 24/);
    expect(() => validateRecords([{ where: 'Line 4', cells: { email: 'a@b.test', days_left: 'many' } }], daysLeftRowSchema)).toThrow(/Line 4: days_left must be a number/);
  });

  it('refuses a NUL or a lone surrogate in any cell or column of a source, naming the column and never quoting the value', () => {
    const records = [
      { where: 'Line 2', cells: { id: 't\u0000', user: 'ana', date: '2026-11-02', summary: 'Build', hours: '1' } },
      { where: 'Item 3', cells: { id: '3', user: 'ana', date: '2026-11-02', summary: 'caf\ud800', hours: 1 } },
      { where: 'Item 4', cells: { id: '4', user: 'ana', date: '2026-11-02', summary: 'Zoë 😀', hours: 1, 'x\u0000': 'y' } },
    ];
    try {
      validateRecords(records, timeTaskRowSchema);
      expect.unreachable();
    } catch (error) {
      expect((error as RowErrors).problems).toEqual([
        'Line 2: id must not contain control characters such as NUL.',
        'Item 3: summary must be valid text (it holds a lone surrogate).',
        'Item 4: Field names must not contain control characters such as NUL or a lone surrogate.',
      ]);
    }
    const clean = { id: '4', user: 'ana', date: '2026-11-02', summary: 'Zoë 😀\tcafé', hours: 1 };
    expect(validateRecords([{ where: 'Item 4', cells: clean }], timeTaskRowSchema)).toEqual([clean]);
  });
});

