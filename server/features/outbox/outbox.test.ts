import { describe, expect, it } from 'vitest';
import { nextAttempt, RETRY_FOR_MS } from './outbox';

describe('nextAttempt', () => {
  const queued = new Date('2026-12-01T08:00:00Z');
  it('doubles from 30 s up to an hour, spread by ±50 %', () => {
    const wait = (attempts: number, r: number) => nextAttempt(attempts, queued, queued, () => r)!.getTime() - queued.getTime();
    expect(wait(1, 0.5)).toBe(30_000);
    expect(wait(2, 0.5)).toBe(60_000);
    expect(wait(1, 0)).toBe(15_000);
    expect(wait(1, 1)).toBe(45_000);
    expect(wait(20, 0.5)).toBe(3600_000);
  });
  it('gives up a day after the message was queued', () => {
    const almost = new Date(queued.getTime() + RETRY_FOR_MS - 60_000);
    expect(nextAttempt(30, queued, almost, () => 0.5)).toBeNull();
    expect(nextAttempt(30, queued, new Date(queued.getTime() + 3600_000), () => 0.5)).not.toBeNull();
  });
});
