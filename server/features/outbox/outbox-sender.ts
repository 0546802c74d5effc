import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { claimDue, markFailed, markRetry, markSent, type OutboxRow } from './outbox';
import { outbox } from './schema';

// The sender every hub runs (docs/operations.md 'The outbox'): it polls for due rows, claims a
// batch under a lease and hands each to its channel's deliverer. A hub that dies mid-batch leaves
// rows whose lease lapses; any hub's sender takes them again, so a message may go twice only when
// a hub dies between the receiver's acceptance and the row's update, and then with the same id.

export type Delivery = { outcome: 'sent' } | { outcome: 'retry'; error: string } | { outcome: 'failed'; error: string };

/** Delivers one row of its channel; never throws for a refusal (a throw is taken as a transient failure). */
export type Deliverer = (row: OutboxRow) => Promise<Delivery>;

export interface SenderLog {
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface OutboxSenderOptions {
  db: Db;
  deliverers: Record<string, Deliverer>;
  log: SenderLog;
  holder?: string;
  /** how often the sender looks for due rows (default 1 s) */
  pollMs?: number;
  /** rows claimed at once, delivered side by side (default 20) */
  batch?: number;
  /** how long a claim lasts before another sender may take the row (default 2 min) */
  leaseMs?: number;
  /** false: no timer, runs only when called (tests) */
  timers?: boolean;
  /** each delivery's end, for the metrics */
  delivered?: (row: OutboxRow, outcome: Delivery['outcome'] | 'given up') => void;
}

export interface OutboxSender {
  readonly holder: string;
  /** One batch: answers how many rows it handled. */
  runOnce(now?: Date): Promise<number>;
  /** Batches until nothing is due. */
  drain(now?: Date): Promise<number>;
  /** Looks at once instead of at the next poll (a test e-mail, a resend). */
  wake(): void;
  stop(): Promise<void>;
}

export function startOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const holder = options.holder ?? `hub-${randomUUID()}`;
  const channels = Object.keys(options.deliverers);
  const batch = options.batch ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;

  const deliverOne = async (row: OutboxRow, now: Date): Promise<void> => {
    let delivery: Delivery;
    try {
      delivery = await options.deliverers[row.channel](row);
    } catch (error) {
      delivery = { outcome: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    if (delivery.outcome === 'sent') {
      await markSent(options.db, row, holder);
      options.delivered?.(row, 'sent');
    } else if (delivery.outcome === 'failed') {
      await markFailed(options.db, row, holder, delivery.error);
      options.log.warn({ outbox: row.id, channel: row.channel, kind: row.kind, error: delivery.error }, 'outbox message refused: marked failed');
      options.delivered?.(row, 'failed');
    } else {
      const after = await markRetry(options.db, row, holder, delivery.error, now);
      options.delivered?.(row, after === 'failed' ? 'given up' : 'retry');
      if (after === 'failed') options.log.warn({ outbox: row.id, channel: row.channel, kind: row.kind, error: delivery.error }, 'outbox message retried for a day: marked failed');
    }
  };

  const once = async (now = new Date()): Promise<number> => {
    if (stopped) return 0;
    const rows = await claimDue(options.db, holder, channels, batch, leaseMs, now);
    await Promise.all(rows.map((row) => deliverOne(row, now)));
    return rows.length;
  };

  // one batch at a time per hub; a call while one runs waits for it and starts the next
  const runOnce = async (now?: Date): Promise<number> => {
    while (running) await running.catch(() => 0);
    running = once(now);
    try {
      return await running;
    } finally {
      running = null;
    }
  };

  const tick = () => {
    void runOnce().catch((error: unknown) => options.log.error({ err: error }, 'the outbox sender could not run'));
  };

  if (options.timers ?? true) {
    timer = setInterval(tick, options.pollMs ?? 1000);
    timer.unref();
  }

  return {
    holder,
    runOnce,
    async drain(now) {
      let total = 0;
      for (;;) {
        const handled = await runOnce(now);
        total += handled;
        if (handled === 0 || stopped) return total;
      }
    },
    wake: () => {
      if (!stopped) tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (running) await running.catch(() => 0);
    },
  };
}

const rowOf = async (db: Db, id: number) => (await db.select().from(outbox).where(eq(outbox.id, id)).limit(1))[0] ?? null;

/**
 * Tries the row at once (a test e-mail, a test event) and answers it as it stands after the
 * attempt. The sender takes due rows oldest first: a few batches reach a row just queued.
 */
export async function deliverNow(db: Db, sender: OutboxSender | null, id: number): Promise<OutboxRow | null> {
  for (let i = 0; sender && i < 5; i += 1) {
    const row = await rowOf(db, id);
    if (!row || row.status !== 'queued' || (row.attempts > 0 && row.leaseHolder === null)) return row;
    await sender.runOnce();
  }
  return rowOf(db, id);
}
