import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractingStatements } from '../support/migration-statements';

// Migrations during a rolling upgrade: every committed migration only expands the
// schema, unless a statement is a marked contract step of a later release (the rule:
// docs/operations.md 'Upgrading'; the checker: tests/support/migration-statements.ts). The deploy
// test tests/deploy/rolling-upgrade.test.ts runs the previous release under the newest migration;
// this one reads every migration, so a contracting statement is named before anything runs.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MIGRATIONS = path.join(ROOT, 'server/db/migrations');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * Statements committed before rolling upgrades were supported, each with why it was safe then.
 * Nothing is added here: a new contract step carries its mark instead.
 */
const BEFORE_ROLLING_UPGRADES: Record<string, string[]> = {
  // one hub per database then; the same migration added objectives_statistics_idx, which covers it
  '0007_statistics-overdue': ['DROP INDEX "objectives_created_idx"'],
};

interface JournalEntry {
  tag: string;
  when: number;
}
const journal = (JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;

describe('the committed migrations', () => {
  it('are listed in the journal once each, in the order drizzle applies them', () => {
    const files = readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql')).map((name) => name.replace(/\.sql$/, '')).sort();
    expect(journal.map((entry) => entry.tag).sort()).toEqual(files);
    // drizzle's migrator applies only entries newer than the newest one applied: an entry whose
    // `when` is not past its predecessor's would be skipped on every database already migrated
    const late = journal.filter((entry, i) => i > 0 && entry.when <= journal[i - 1].when).map((entry) => entry.tag);
    expect(late).toEqual([]);
  });

  it('only expand the schema, but for marked contract steps of a later release', () => {
    const findings = journal.flatMap(({ tag }) => {
      const allowed = BEFORE_ROLLING_UPGRADES[tag] ?? [];
      return contractingStatements(readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8'), VERSION)
        .filter((finding) => !allowed.includes(finding.statement))
        .map((finding) => `${tag}: ${finding.statement} -- ${finding.why}`);
    });
    expect(findings).toEqual([]);
  });
});

describe('the expand-only check', () => {
  const check = (sql: string, version = '1.5.0') => contractingStatements(sql, version).map((finding) => finding.why);

  it('accepts what a release of the previous code keeps working on', () => {
    const expand = [
      'CREATE TABLE "things" ("id" serial PRIMARY KEY NOT NULL, "name" text NOT NULL);',
      'ALTER TABLE "things" ADD CONSTRAINT "things_name_check" CHECK (char_length("name") < 100);',
      'CREATE UNIQUE INDEX "things_name_idx" ON "things" USING btree (lower("name"));',
      'ALTER TABLE "users" ADD COLUMN "nickname" text;',
      `ALTER TABLE "users" ADD COLUMN "tier" text DEFAULT 'basic' NOT NULL;`,
      'ALTER TABLE "users" ADD CONSTRAINT "users_thing_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."things"("id");',
      'CREATE INDEX "users_tier_idx" ON "users" USING btree ("tier");',
      // rules on a column this migration adds: only the new release writes it
      'ALTER TABLE "users" ADD COLUMN "external_id" text;',
      'CREATE UNIQUE INDEX "users_external_id_idx" ON "users" USING btree (lower("external_id"));',
      'ALTER TABLE "users" ADD CONSTRAINT "users_external_id_check" CHECK (char_length("users"."external_id") < 64);',
      `ALTER TYPE "public"."notification_kind" ADD VALUE 'thing_added';`,
      // a backfill, and a function body whose words are not statements of the migration
      `UPDATE "users" SET "tier" = 'gold' WHERE "is_owner";`,
      `CREATE FUNCTION "f"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DROP TABLE "x"; RETURN NULL; END $$;`,
      `-- a comment that says DROP COLUMN is no statement\nALTER TABLE "users" ALTER COLUMN "phone" DROP NOT NULL;`,
    ];
    expect(check(expand.join('--> statement-breakpoint\n'))).toEqual([]);
  });

  it('names each statement that takes something away from the previous release', () => {
    const contract = {
      'DROP TABLE "links";': 'drops a table',
      'ALTER TABLE "users" DROP COLUMN "phone";': 'drops a column',
      'ALTER TABLE "users" RENAME COLUMN "phone" TO "mobile";': 'renames',
      'ALTER TABLE "users" ALTER COLUMN "phone" SET DATA TYPE varchar(20);': 'changes a column type',
      'ALTER TABLE "users" ALTER COLUMN "email" SET NOT NULL;': 'makes a column required',
      'ALTER TABLE "users" ALTER COLUMN "status" DROP DEFAULT;': 'drops a default',
      'ALTER TABLE "users" ADD COLUMN "tier" text NOT NULL;': 'adds a required column with no default',
      'ALTER TABLE "users" ADD CONSTRAINT "users_name_check" CHECK (char_length("name") < 100);': 'adds a constraint on an existing table',
      'CREATE UNIQUE INDEX "users_phone_idx" ON "users" USING btree ("phone");': 'adds a unique index on an existing table',
      'ALTER TABLE "users" DROP CONSTRAINT "users_job_id_jobs_id_fk";': 'drops a constraint',
      'DROP INDEX "users_job_idx";': 'drops an index',
      'CREATE INDEX CONCURRENTLY "users_phone_idx" ON "users" ("phone");': 'cannot run inside the migration\'s transaction',
    };
    for (const [sql, why] of Object.entries(contract)) {
      const found = check(sql);
      expect(found, sql).toHaveLength(1);
      expect(found[0], sql).toContain(why);
    }
  });

  it('accepts a contract step marked with a release older than this one, and only then', () => {
    const step = '-- contract: unused since 1.4.0 (users.phone: nothing reads or writes it since 1.4.0)\nALTER TABLE "users" DROP COLUMN "phone";';
    expect(check(step, '1.5.0')).toEqual([]);
    expect(check(step, '1.4.0')).toEqual([expect.stringContaining('not older than this release (1.4.0)')]);
    // the mark covers its own chunk, not the next statement
    expect(check(`${step}--> statement-breakpoint\nDROP TABLE "links";`, '1.5.0')).toEqual([expect.stringContaining('drops a table')]);
  });
});
