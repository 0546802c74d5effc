import { describe, expect, it } from 'vitest';
import { idempotencyKeySchema, newIdempotencyKey } from './idempotency';

describe('idempotency keys', () => {
  it('a new key is a random version 4 UUID, never the same twice', () => {
    const keys = new Set(Array.from({ length: 1000 }, newIdempotencyKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('a key sent is 1 to 255 visible ASCII characters', () => {
    expect(idempotencyKeySchema.safeParse(newIdempotencyKey()).success).toBe(true);
    expect(idempotencyKeySchema.safeParse('x'.repeat(255)).success).toBe(true);
    for (const bad of ['', 'x'.repeat(256), 'with space', 'ключ', 'tab\t']) expect(idempotencyKeySchema.safeParse(bad).success, bad).toBe(false);
  });
});
