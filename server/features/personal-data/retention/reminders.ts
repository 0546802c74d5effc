import { sql } from 'drizzle-orm';
import { periodText } from '../../../../shared/rules/retention';
import { rowsOf, type Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { retentionReminders } from '../retention-schema';
import { adminRecipients, notify } from '../../notifications';
import { cutoffOf } from './purge';

// An archived person past the period is not erased by the hub (erasure cannot be undone,
// and an admin may have reasons to keep them): the admins are told, once per archiving. The
// reminder is remembered in retention_reminders rather than by the notification's dedupe key, so
// the retention of read notifications cannot bring it back.

/** Who hears it: whoever may open the admin area (shared/rules/admin-access.ts), active. */
const day = (date: Date) => date.toISOString().slice(0, 10);

/** Reminds the admins about each archived person past `days` not reminded about yet; returns how many people. */
export async function remindArchivedPastPeriod(db: Db, days: number, now: Date): Promise<number> {
  const cutoff = cutoffOf(days, now).toISOString();
  // people archived before archived_at existed and not backfilled count from their last change
  const due = rowsOf<{ id: number; name: string; archived_at: string | Date }>(await db.execute(sql`
    select u.id, u.name, coalesce(u.archived_at, u.updated_at) as archived_at
    from ${users} u
    left join ${retentionReminders} r on r.user_id = u.id and r.archived_at = coalesce(u.archived_at, u.updated_at)
    where u.status = 'deleted' and coalesce(u.archived_at, u.updated_at) < ${cutoff}::timestamptz and r.user_id is null
    order by u.id`));
  let reminded = 0;
  for (const person of due) {
    const archivedAt = new Date(person.archived_at);
    const sent = await db.transaction(async (tx) => {
      // a second hub (or a run overlapping this one) finds the row and tells nobody again
      // copied in SQL: the database's microseconds would not survive a round trip through a Date
      const claimed = rowsOf(await tx.execute(sql`
        insert into ${retentionReminders} (user_id, archived_at, reminded_at)
        select id, coalesce(archived_at, updated_at), ${now.toISOString()}::timestamptz from ${users} where id = ${person.id}
        on conflict (user_id) do update set archived_at = excluded.archived_at, reminded_at = excluded.reminded_at
        where ${retentionReminders}.archived_at <> excluded.archived_at
        returning user_id`)).length === 1;
      if (!claimed) return false;
      await notify(tx, await adminRecipients(tx), {
        kind: 'archived_past_retention',
        title: 'Archived person past the retention period',
        body: `${person.name} was archived on ${day(archivedAt)}, more than ${periodText(days)} ago. Erase their personal data, or keep them archived if there is a reason to.`,
        link: `/profile/${person.id}`,
      });
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}
