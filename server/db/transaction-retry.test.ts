import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-errors';
import { DatabaseBusyError, retryableCode, retryDelayMs, runWithRetry, type RetryPolicy, type TransactionRetried } from './transaction-retry';

const QUICK: RetryPolicy = { attempts: 3, baseDelayMs: 2, maxDelayMs: 4 };
const pgError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });
/** drizzle's DrizzleQueryError carries the driver's error as its cause */
const wrapped = (code: string) => new Error('Failed query: update objectives ...', { cause: pgError(code) });

describe('runWithRetry', () => {
  it('a deadlock or serialization failure, bare or wrapped, runs the transaction again until it passes', async () => {
    const events: TransactionRetried[] = [];
    const failures = [wrapped('40P01'), pgError('40001')];
    let runs = 0;
    const result = await runWithRetry(async () => {
      runs += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'committed';
    }, QUICK, (event) => events.push(event));
    expect(result).toBe('committed');
    expect(runs).toBe(3);
    expect(events.map((e) => [e.attempt, e.code])).toEqual([[1, '40P01'], [2, '40001']]);
  });

  it('gives up after the last run with DatabaseBusyError, the last cancellation as its cause', async () => {
    let runs = 0;
    const last = wrapped('40P01');
    const failing = runWithRetry(async () => {
      runs += 1;
      throw last;
    }, QUICK, () => {});
    await expect(failing).rejects.toBeInstanceOf(DatabaseBusyError);
    await expect(failing).rejects.toMatchObject({ code: '40P01', attempts: 3, cause: last });
    expect(runs).toBe(3);
  });

  it('anything else is thrown at once: a unique violation, a refusal, a lost connection', async () => {
    for (const error of [wrapped('23505'), new HttpError(400, [{ message: 'No.' }]), pgError('57P01'), new Error('Connection terminated')]) {
      let runs = 0;
      await expect(runWithRetry(async () => {
        runs += 1;
        throw error;
      }, QUICK, () => {})).rejects.toBe(error);
      expect(runs).toBe(1);
    }
  });
});

describe('retryableCode and retryDelayMs', () => {
  it('finds the SQLSTATE a few causes down, and nothing in other values', () => {
    expect(retryableCode(new Error('outer', { cause: wrapped('40001') }))).toBe('40001');
    expect(retryableCode('40P01')).toBeUndefined();
    expect(retryableCode(null)).toBeUndefined();
    expect(retryableCode({ code: 40001 })).toBeUndefined();
  });

  it('waits between half and all of a cap that doubles each time, never past the maximum', () => {
    const policy: RetryPolicy = { attempts: 6, baseDelayMs: 20, maxDelayMs: 50 };
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, policy, () => 0))).toEqual([10, 20, 25, 25]);
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, policy, () => 1))).toEqual([20, 40, 50, 50]);
  });
});
