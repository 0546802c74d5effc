import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * design §1/§3: several hubs may share one PostgreSQL; a scheduled job runs on the hub holding
 * its lease. One atomic upsert takes a free or expired lease, or renews our own; a live lease
 * of another holder is left alone (the statement then returns no row).
 */
export async function tryAcquireLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into leases (name, holder, expires_at)
    values (${name}, ${holder}, now() + ${`${Math.max(1, Math.round(ttlMs))} milliseconds`}::interval)
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
    where leases.holder = excluded.holder or leases.expires_at <= now()
    returning holder`);
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return rows.length === 1;
}

/** Gives a lease up early (a hub shutting down lets another take over at once). */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.execute(sql`delete from leases where name = ${name} and holder = ${holder}`);
}
