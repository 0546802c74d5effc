import { and, asc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { emailSkeleton, usernameSkeleton } from '../../../shared/rules/username-skeleton';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

// The look-alike check (shared/rules/username-skeleton.ts) against every username and e-mail
// local part, at one indexed lookup: each user row keeps both skeletons. The hub writes them with
// the name; a name changed by anyone else has them set back to null (migration 0017's trigger), and
// a null is computed here at the check, then filled in at the next start (fillSkeletons).

/** The skeleton columns of a user row with this username and email. */
export function skeletonsOf(username: string, email: string | null | undefined): { usernameSkeleton: string; emailSkeleton: string | null } {
  return { usernameSkeleton: usernameSkeleton(username), emailSkeleton: emailSkeleton(email) };
}

/** Rows whose skeletons are not known yet: the username's, or an email's. */
const unknownSkeletons = or(isNull(users.usernameSkeleton), and(isNotNull(users.email), isNull(users.emailSkeleton)));

/**
 * Whether `username` looks like the username or the e-mail local part of any user but `exceptId`
 * (archived and erased accounts too: their names stay taken). One statement on the two skeleton
 * indexes; rows with a skeleton still unknown are read along and computed here.
 */
export async function looksLikeAnother(db: DbOrTx, username: string, exceptId: number | null): Promise<boolean> {
  const skeleton = usernameSkeleton(username);
  const rows = await db
    .select({ username: users.username, email: users.email, usernameSkeleton: users.usernameSkeleton, emailSkeleton: users.emailSkeleton })
    .from(users)
    .where(and(or(eq(users.usernameSkeleton, skeleton), eq(users.emailSkeleton, skeleton), unknownSkeletons), exceptId === null ? undefined : ne(users.id, exceptId)));
  return rows.some((row) => (row.usernameSkeleton ?? usernameSkeleton(row.username)) === skeleton
    || (row.email !== null && (row.emailSkeleton ?? emailSkeleton(row.email)) === skeleton));
}

/**
 * Fills in the skeletons no hub has written yet (rows from before migration 0017, seeds, names
 * changed outside the hub), a batch at a time; answers how many rows it filled. Run at start, so
 * the check above reads nearly nothing but its indexes. Two hubs doing it at once write the same.
 */
export async function fillSkeletons(db: DbOrTx, batchSize = 1000): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db.select({ id: users.id, username: users.username, email: users.email }).from(users).where(unknownSkeletons).orderBy(asc(users.id)).limit(batchSize);
    if (rows.length === 0) return filled;
    const values = sql.join(rows.map((row) => {
      const skeletons = skeletonsOf(row.username, row.email);
      return sql`(${row.id}::integer, ${row.username}::text, ${row.email}::text, ${skeletons.usernameSkeleton}::text, ${skeletons.emailSkeleton}::text)`;
    }), sql`, `);
    // only where the name is still the one read: a skeleton written for a name changed meanwhile would be wrong
    await db.execute(sql`update ${users} u set username_skeleton = v.us, email_skeleton = v.es
      from (values ${values}) as v(id, username, email, us, es)
      where u.id = v.id and u.username = v.username and u.email is not distinct from v.email`);
    filled += rows.length;
    if (rows.length < batchSize) return filled;
  }
}
