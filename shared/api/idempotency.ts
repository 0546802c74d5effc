import { z } from 'zod';

// docs/api.md 'Idempotency keys': a creating POST may carry an Idempotency-Key; the same key from
// the same person within 24 hours answers what the first request answered, and creates nothing
// more. The clients send one key per submit and the same key on every retry of it.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is the stored one of an earlier request with the key. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  malformed: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  reused: 'This Idempotency-Key was already used for a different request. Send a new key for a new change.',
  inFlight: 'A request with this Idempotency-Key is still being answered. Try again in a moment.',
} as const;

/** A key as sent: visible ASCII, at most 255 (a UUID is what the apps send). */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_MESSAGES.malformed);

/**
 * A new key for a new submit: a random UUID. From getRandomValues, which a page served over plain
 * http on a company network has too (randomUUID is for secure contexts only).
 */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
