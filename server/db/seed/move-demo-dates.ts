import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../client';
import { daysBetween, startOfDay } from './dates';

// The desktop's demo company is seeded at build time (server/db/prepared-data.ts), but
// every demo date is meant to be relative to the day the hub was first started (dates.ts: overdue
// objectives, this month's hours, next month's holidays). So on that first start every date and
// timestamp column is moved on by the whole weeks since the seed: whole weeks keep the seeded
// hours and holidays on the weekdays they were planned for, and the demo then looks at most six
// days old. One shift for every column keeps every order between dates, so the checks and the
// triggers that compare them (objectives' overdue_after, the key results' counts) still agree.

interface DateColumn { table_name: string; column_name: string }

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Moves the demo's dates on to the week of `now`; returns the days they moved (0: same week). */
export async function moveDemoDates(db: Db, seededAt: Date, now: Date = new Date()): Promise<number> {
  const days = Math.floor(daysBetween(startOfDay(seededAt), startOfDay(now)) / 7) * 7;
  if (days <= 0) return 0;
  const columns = rowsOf<DateColumn>(
    await db.execute(sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('date', 'timestamp with time zone', 'timestamp without time zone')
      order by table_name, ordinal_position`),
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  await db.transaction(async (tx) => {
    // The triggers would only recompute what the shift keeps (objectives' overdue_after moves with
    // the rest, the key results' counts compare dates that all move alike) at a row each, and tell
    // listening hubs of session changes there are none of: off for this transaction.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const [table, names] of byTable) {
      const assignments = names.map((name) => `${quote(name)} = ${quote(name)} + interval '${days} days'`).join(', ');
      await tx.execute(sql.raw(`update ${quote(table)} set ${assignments}`));
    }
  });
  return days;
}
