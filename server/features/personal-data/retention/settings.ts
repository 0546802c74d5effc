import { eq } from 'drizzle-orm';
import { DEFAULT_RETENTION, isValidRetention, RETENTION_KINDS, type RetentionPeriods } from '../../../../shared/rules/retention';
import type { Db, DbOrTx } from '../../../db/client';
import { settings } from '../../../db/schema';
import { recordAudit } from '../../audit';

// The retention periods (docs/personal-data.md 'Retention periods') are one hub setting (settings row 'retention'). A missing row, or
// a kind missing from it, is the documented default, so a new kind added later starts at its default.

export const RETENTION_KEY = 'retention';

/** The periods in force. A stored value the rules no longer allow (written by hand) counts as the default. */
export async function retentionPeriods(db: DbOrTx): Promise<RetentionPeriods> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, RETENTION_KEY));
  const stored = (row?.value ?? {}) as Partial<Record<string, unknown>>;
  const periods = { ...DEFAULT_RETENTION };
  for (const kind of RETENTION_KINDS) {
    const value = stored[kind];
    if (value !== undefined && isValidRetention(kind, value)) periods[kind] = value as number | null;
  }
  return periods;
}

/** PUT /admin/retention: every period at once; a change is audited in its transaction, a no-op writes nothing. */
export async function saveRetentionPeriods(db: Db, actorId: number, body: Partial<RetentionPeriods>): Promise<RetentionPeriods> {
  return db.transaction(async (tx) => {
    const before = await retentionPeriods(tx);
    // a kind the body leaves out (an app from before it existed) keeps its period
    const next: RetentionPeriods = { ...before, ...Object.fromEntries(Object.entries(body).filter(([, days]) => days !== undefined)) };
    const changed = RETENTION_KINDS.filter((kind) => before[kind] !== next[kind]);
    if (changed.length === 0) return before;
    await tx.insert(settings).values({ key: RETENTION_KEY, value: next }).onConflictDoUpdate({ target: settings.key, set: { value: next } });
    await recordAudit(tx, actorId, {
      entity: 'setting', entityId: RETENTION_KEY, action: 'update',
      before: Object.fromEntries(changed.map((kind) => [kind, before[kind]])),
      after: Object.fromEntries(changed.map((kind) => [kind, next[kind]])),
    });
    return { ...next };
  });
}
