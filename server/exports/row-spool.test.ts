import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RowSpool } from './row-spool';

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, k) => ({ id: from + k, name: `Member ${from + k}\nline «ü» \u2028`, extras: (from + k) % 2 ? null : [{ title: 'Apollo' }] }));

async function readAll<T>(spool: RowSpool<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of spool.pages()) all.push(...page);
  return all;
}

describe('RowSpool', () => {
  it('keeps a few rows in memory and gives them back, in order, on every pass', async () => {
    const spool = new RowSpool<ReturnType<typeof rows>[number]>();
    await spool.add(rows(0, 3));
    await spool.add([]);
    await spool.add(rows(3, 2));
    expect(spool.path).toBeUndefined();
    expect(await readAll(spool)).toEqual(rows(0, 5));
    expect(await readAll(spool)).toEqual(rows(0, 5));
    await spool.dispose();
  });

  it('moves the rows to a temporary file past its memory limit, and removes the file on dispose', async () => {
    const spool = new RowSpool<ReturnType<typeof rows>[number]>(1000);
    await spool.add(rows(0, 2));
    expect(spool.path).toBeUndefined();
    for (let start = 2; start < 1300; start += 100) await spool.add(rows(start, 100));
    const path = spool.path!;
    expect(existsSync(path)).toBe(true);
    const pages = [];
    for await (const page of spool.pages()) pages.push(page.length);
    // read back in pages as the database gives them, never all at once
    expect(Math.max(...pages)).toBe(500);
    expect(await readAll(spool)).toEqual(rows(0, 1302));
    await spool.dispose();
    expect(existsSync(path)).toBe(false);
  });
});
