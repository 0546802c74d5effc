import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './db-types';

// PostgreSQL cancels one of two transactions that wait on each other (40P01, deadlock_detected),
// and one that cannot be serialised under a stricter isolation level (40001). Neither is the
// person's fault, and the cancelled transaction has rolled back whole: running it again from the
// start is the documented answer ("Applications using this level must be prepared to retry
// transactions due to serialization failures"). The known case: an alignment link added
// while its parent is deleted (the link locks child then parent, the deletion's trigger locks the
// parent then its children).
//
// Why on the Db object and not at each call site: every service opens its transaction with
// `db.transaction(...)` on the one Db that openDatabase builds (about 55 call sites, more to come),
// and each callback is written to run in isolation from its BEGIN (it reads what it decides on
// inside the transaction). Wrapping that one method covers them all, new ones included. A
// savepoint (`tx.transaction(...)`, a transaction inside another) is a method of the transaction
// handle, not of the Db, so it is never retried on its own: its failure reaches the outermost
// transaction's callback, and the outermost one is what runs again.
//
// What a callback must not do, since it may run more than once: anything outside the database
// (a counter, a log line, a file, an in-memory cache, a stream event). Notifications are rows plus
// pg_notify, which PostgreSQL delivers on commit only; the session cache hears of writes on
// COMMIT (write-watch.ts). Work that cannot run twice uses transactionWithoutRetry.

/** SQLSTATEs after which the whole transaction may simply run again. */
export const RETRYABLE_SQLSTATES: Readonly<Record<string, string>> = {
  '40P01': 'deadlock detected',
  '40001': 'serialization failure',
};

export interface RetryPolicy {
  /** runs in all, the first included */
  attempts: number;
  /** the backoff's cap for the first retry; doubled for each next one, up to maxDelayMs */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Four runs, waiting 10–20 ms, 20–40 ms, 40–80 ms between them: a deadlock's other party holds its
 * locks for one short transaction, and the jitter keeps two cancelled writers from meeting again.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 4, baseDelayMs: 20, maxDelayMs: 200 };

/** Told of each run that failed and is run again (the hub logs it). */
export interface TransactionRetried {
  /** the run that failed: 1 for the first */
  attempt: number;
  code: string;
  delayMs: number;
  message: string;
}

/** The transaction kept being cancelled: the hub answers 503 (plugins/errors.ts) instead of 500. */
export class DatabaseBusyError extends Error {
  readonly code: string;
  readonly attempts: number;

  constructor(code: string, attempts: number, cause: unknown) {
    super(`transaction cancelled ${attempts} times (${code}, ${RETRYABLE_SQLSTATES[code]})`, { cause });
    this.name = 'DatabaseBusyError';
    this.code = code;
    this.attempts = attempts;
  }
}

export function isDatabaseBusy(error: unknown): error is DatabaseBusyError {
  return error instanceof DatabaseBusyError;
}

/** The retryable SQLSTATE of an error (drizzle wraps the driver's error as its cause), if any. */
export function retryableCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in RETRYABLE_SQLSTATES) return code;
  }
  return undefined;
}

/** Jittered exponential backoff: between half and all of the attempt's cap. */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(cap / 2 + random() * (cap / 2));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `run` (a whole transaction) again after a retryable cancellation, up to policy.attempts runs. */
export async function runWithRetry<T>(run: () => Promise<T>, policy: RetryPolicy, retried: (event: TransactionRetried) => void): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const code = retryableCode(error);
      if (code === undefined) throw error;
      if (attempt >= policy.attempts) throw new DatabaseBusyError(code, attempt, error);
      const delayMs = retryDelayMs(attempt, policy);
      retried({ attempt, code, delayMs, message: error instanceof Error ? error.message : String(error) });
      await sleep(delayMs);
    }
  }
}

const unretried = new WeakMap<Db, Db['transaction']>();

/** Makes `db.transaction` run a cancelled transaction again (see above). */
export function retryTransactions(db: Db, policy: RetryPolicy, retried: (event: TransactionRetried) => void): void {
  const begin = db.transaction.bind(db) as Db['transaction'];
  unretried.set(db, begin);
  // an own property in front of the prototype's method; the transaction handles keep theirs
  db.transaction = ((transaction, config) => runWithRetry(() => begin(transaction, config), policy, retried)) as Db['transaction'];
}

/** A transaction whose callback must not run twice (one that reports progress as it goes). */
export function transactionWithoutRetry<T>(db: Db, transaction: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  return (unretried.get(db) ?? db.transaction.bind(db))(transaction, config);
}
