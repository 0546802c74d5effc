import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERASED_ITEMS } from '../../../shared/api/personal-data-erasure';
import { classifiedColumns, PERSONAL_DATA_TABLES, tableName } from './personal-data-columns';

// docs/personal-data.md held to the schema. Every column of every
// table of the schema (server/db/schema*.ts and the features' server/features/*/*schema.ts, as
// drizzle.config.ts reads them; a schema file added tomorrow too) must be classified in
// personal-data-columns.ts, and every column that is about a person (personal, a reference to
// one, free text that may name one) must have its own line in the document, with the same class.
// A new column fails here until someone decides what it is and writes down why it is kept.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOC = readFileSync(path.join(root, 'docs/personal-data.md'), 'utf8');

/** 'table.column' of every column in the Drizzle schema. */
let schemaColumns: Set<string>;

beforeAll(async () => {
  schemaColumns = new Set();
  const core = readdirSync(path.join(root, 'server/db')).filter((f) => /^schema(-[a-z-]+)?\.ts$/.test(f)).map((f) => path.join('server/db', f));
  expect(core).toContain(path.join('server/db', 'schema.ts'));
  const features = readdirSync(path.join(root, 'server/features')).flatMap((feature) =>
    readdirSync(path.join(root, 'server/features', feature)).filter((f) => /^([a-z-]+-)?schema\.ts$/.test(f)).map((f) => path.join('server/features', feature, f)));
  for (const file of [...core, ...features]) {
    const module = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      for (const column of config.columns) schemaColumns.add(`${config.name}.${column.name}`);
    }
  }
});

/** The document's column lines: `| \`table.column\` | class | ...`. */
function documentedLines(): Map<string, string> {
  const lines = new Map<string, string>();
  for (const match of DOC.matchAll(/^\| `([a-z_]+\.[a-z_]+)` \| ([a-z]+) \|/gm)) {
    expect(lines.has(match[1]), `${match[1]} has two lines in docs/personal-data.md`).toBe(false);
    lines.set(match[1], match[2]);
  }
  return lines;
}

describe('personal-data-columns.ts and docs/personal-data.md', () => {
  it('classify every column of the schema, and nothing the schema does not have', () => {
    const classified = classifiedColumns();
    expect(schemaColumns.size).toBeGreaterThan(150);
    const unclassified = [...schemaColumns].filter((c) => !classified.has(c));
    expect(unclassified, 'new columns: classify them in server/features/personal-data/personal-data-columns.ts').toEqual([]);
    const stale = [...classified.keys()].filter((c) => !schemaColumns.has(c));
    expect(stale, 'classified columns the schema no longer has').toEqual([]);
  });

  it('give every personal, reference and mentions column its own line with the same class', () => {
    const lines = documentedLines();
    const missing: string[] = [];
    const different: string[] = [];
    for (const [column, kind] of classifiedColumns()) {
      if (kind === 'record') continue;
      const line = lines.get(column);
      if (!line) missing.push(column);
      else if (line !== kind) different.push(`${column}: the document says ${line}, the classification ${kind}`);
    }
    expect(missing, 'columns about a person without a line in docs/personal-data.md').toEqual([]);
    expect(different).toEqual([]);
    const unknown = [...lines.keys()].filter((c) => !schemaColumns.has(c));
    expect(unknown, 'lines in docs/personal-data.md for columns the schema does not have').toEqual([]);
  });

  it('name every other column in the document as not personal', () => {
    const lines = documentedLines();
    const unnamed = [...classifiedColumns()].filter(([column, kind]) => kind === 'record' && !lines.has(column) && !DOC.includes(`\`${column}\``)).map(([c]) => c);
    expect(unnamed, 'record columns missing from the "Not personal" lines of docs/personal-data.md').toEqual([]);
    const wrong = [...lines].filter(([column, kind]) => classifiedColumns().get(column) === 'record' && kind !== 'record').map(([c]) => c);
    expect(wrong).toEqual([]);
  });

  it('erase what they say: a personal column is either in rows that go or given an anonymous value', () => {
    for (const rule of PERSONAL_DATA_TABLES) {
      for (const [column, { class: kind, erase }] of Object.entries(rule.columns)) {
        if (kind !== 'personal') continue;
        const erased = erase ? !!rule.aboutPerson : !!rule.personRows;
        expect(erased, `${tableName(rule.table)}.${column} is personal but erasure leaves it`).toBe(true);
      }
    }
  });

  it('hold free text in every mentions column (erasure rewrites it as text or jsonb)', () => {
    for (const rule of PERSONAL_DATA_TABLES) {
      const types = new Map(getTableConfig(rule.table).columns.map((c) => [c.name, c.getSQLType()]));
      for (const [column, { class: kind }] of Object.entries(rule.columns)) {
        if (kind === 'mentions') expect(['text', 'jsonb'], `${tableName(rule.table)}.${column}`).toContain(types.get(column));
      }
    }
  });

  it('list what an erasure deletes in the words the confirmation shows', () => {
    for (const item of ERASED_ITEMS) expect(DOC).toContain(item);
  });
});
