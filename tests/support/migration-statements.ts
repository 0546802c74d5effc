// Migrations during a rolling upgrade (docs/operations.md, 'Upgrading'): while the
// first hub of a release migrates, the hubs of the previous release keep serving on the migrated
// schema. A migration may therefore only expand it (new tables, nullable or defaulted columns,
// indexes, enum values); what takes something away from a running release (drop, rename, retype,
// a new NOT NULL or constraint it does not honour) is a contract step, allowed only in a later
// release than the one that stopped using it, and marked so:
//
//   -- contract: unused since 1.4.0 (users.phone: read and written by nothing since 1.4.0)
//   ALTER TABLE "users" DROP COLUMN "phone";
//
// The mark sits in the statement's own chunk (between statement breakpoints) and names a release
// older than the one being built (package.json): the release that stopped using it is already
// running everywhere before this migration is.

export interface Finding {
  /** the statement, whitespace folded, cut short */
  statement: string;
  /** what it takes away from a running release */
  why: string;
}

/** What the migration file itself creates: its tables, and the columns it adds ('table.column'). */
interface NewInFile {
  tables: ReadonlySet<string>;
  columns: ReadonlySet<string>;
}

/** Why a statement contracts the schema, or null when it only expands it. */
type Rule = (statement: string, fresh: NewInFile) => string | null;

const NAME = String.raw`(?:"?\w+"?\.)?"?(\w+)"?`;
const tableOf = (statement: string, pattern: RegExp) => pattern.exec(statement)?.[1]?.toLowerCase() ?? null;
const alteredTable = (statement: string) => tableOf(statement, new RegExp(String.raw`^ALTER TABLE (?:ONLY )?(?:IF EXISTS )?${NAME}`, 'i'));
const createdTable = (statement: string) => tableOf(statement, new RegExp(String.raw`^CREATE TABLE (?:IF NOT EXISTS )?${NAME}`, 'i'));
const addedColumn = (statement: string) => /\bADD (?:COLUMN )?(?:IF NOT EXISTS )?"?(\w+)"?/i.exec(statement)?.[1]?.toLowerCase() ?? null;

/**
 * A rule on `table` that only the new release's rows can meet: the table, or every column the
 * rule names (`quoted` identifiers of the statement, less the table's own name), is new in this file.
 */
function onlyNew(table: string, quoted: string, fresh: NewInFile): boolean {
  if (fresh.tables.has(table)) return true;
  const columns = [...quoted.matchAll(/"(\w+)"/g)].map((m) => m[1].toLowerCase()).filter((name) => name !== table && name !== 'public');
  return columns.length > 0 && columns.every((column) => fresh.columns.has(`${table}.${column}`));
}

const RULES: Rule[] = [
  (s) => {
    const kind = /^DROP (TABLE|VIEW|MATERIALIZED VIEW|TYPE|FUNCTION|TRIGGER|INDEX|SEQUENCE|SCHEMA)\b/i.exec(s)?.[1].toLowerCase();
    return kind ? `drops ${kind === 'index' ? 'an' : 'a'} ${kind} the previous release may use` : null;
  },
  (s) => (/^ALTER TABLE\b.*\bDROP (COLUMN\b|(IF EXISTS )?")/i.test(s) ? 'drops a column the previous release reads or writes' : null),
  (s) => (/\bDROP CONSTRAINT\b/i.test(s) ? 'drops a constraint (a unique one may back the previous release\'s ON CONFLICT)' : null),
  (s) => (/\bRENAME\b/i.test(s) ? 'renames something the previous release names' : null),
  (s) => (/\bALTER (COLUMN )?"?\w+"? (SET DATA )?TYPE\b/i.test(s) ? 'changes a column type under the previous release' : null),
  (s) => (/\bSET NOT NULL\b/i.test(s) ? 'makes a column required that the previous release may leave empty' : null),
  (s) => (/\bDROP DEFAULT\b/i.test(s) ? 'drops a default the previous release\'s inserts rely on' : null),
  (s) => (/^TRUNCATE\b/i.test(s) ? 'empties a table the previous release reads' : null),
  (s, fresh) => {
    const column = /\bADD (?:COLUMN )?(?:IF NOT EXISTS )?("?\w+"?) (.*)$/i.exec(s);
    if (!/^ALTER TABLE\b/i.test(s) || !column || /^"?CONSTRAINT"?$/i.test(column[1]) || fresh.tables.has(alteredTable(s) ?? '')) return null;
    return /\bNOT NULL\b/i.test(column[2]) && !/\b(DEFAULT|GENERATED)\b/i.test(column[2]) ? 'adds a required column with no default: the previous release\'s inserts leave it out' : null;
  },
  (s, fresh) => {
    const table = alteredTable(s);
    const rule = /\bADD CONSTRAINT "?\w+"? (.*)$/i.exec(s)?.[1];
    return /^ALTER TABLE\b/i.test(s) && rule && table && !/^FOREIGN KEY\b/i.test(rule) && !onlyNew(table, rule, fresh)
      ? 'adds a constraint on an existing table that the previous release\'s writes do not know'
      : null;
  },
  (s, fresh) => {
    const table = tableOf(s, new RegExp(String.raw`^CREATE UNIQUE INDEX\b.*? ON (?:ONLY )?${NAME}`, 'i'));
    const indexed = /\bON (?:ONLY )?\S+ (.*)$/i.exec(s)?.[1] ?? '';
    return table && !onlyNew(table, indexed, fresh) ? 'adds a unique index on an existing table that the previous release\'s writes do not know' : null;
  },
];

/** drizzle's migrator runs a migration in one transaction, where these cannot run at all */
const OUTSIDE_TRANSACTION = /\bCONCURRENTLY\b|^(VACUUM|CREATE DATABASE|ALTER SYSTEM)\b/i;

const MARK = /--\s*contract:\s*unused since (\d+\.\d+\.\d+)\b/i;

/** Blanks out what can hold words without being SQL: dollar-quoted bodies, string literals, comments. */
function code(chunk: string): string {
  return chunk
    .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, ' $$body$$ ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, ' ');
}

const fold = (statement: string) => statement.replace(/\s+/g, ' ').trim();

function olderVersion(a: string, b: string): boolean {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i];
  return false;
}

/**
 * The statements of one migration file that are not expand-only, with why, leaving out the
 * marked contract steps of a release older than `currentVersion`.
 */
export function contractingStatements(sql: string, currentVersion: string): Finding[] {
  const chunks = sql.split('--> statement-breakpoint');
  const statementsOf = (chunk: string) => code(chunk).split(';').map(fold).filter(Boolean);
  const statements = chunks.flatMap(statementsOf);
  const fresh: NewInFile = {
    tables: new Set(statements.map(createdTable).filter((t): t is string => t !== null)),
    columns: new Set(statements.filter((s) => /^ALTER TABLE\b.*\bADD (COLUMN\b|(IF NOT EXISTS )?")/i.test(s)).map((s) => `${alteredTable(s)}.${addedColumn(s)}`)),
  };
  const findings: Finding[] = [];
  for (const chunk of chunks) {
    const mark = MARK.exec(chunk)?.[1];
    for (const statement of statementsOf(chunk)) {
      const shown = statement.length > 160 ? `${statement.slice(0, 157)}...` : statement;
      if (OUTSIDE_TRANSACTION.test(statement)) {
        findings.push({ statement: shown, why: 'cannot run inside the migration\'s transaction: run it by hand before the upgrade (docs/operations.md)' });
        continue;
      }
      const why = RULES.map((rule) => rule(statement, fresh)).find((reason) => reason !== null);
      if (!why) continue;
      if (mark && olderVersion(mark, currentVersion)) continue;
      findings.push({
        statement: shown,
        why: mark ? `${why}; marked unused since ${mark}, which is not older than this release (${currentVersion})` : `${why} (a contract step needs '-- contract: unused since <older release>')`,
      });
    }
  }
  return findings;
}
