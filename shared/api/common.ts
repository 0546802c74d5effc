import { z } from 'zod';
import { isCalendarDay } from '../rules/dates';

// The wire contract of design §4, in one place. Schemas here describe the camelCase shape the
// code sees; the transports convert keys to snake_case on the wire.

export const apiErrorSchema = z.object({ message: z.string(), field: z.string().optional() });
export type ApiError = z.infer<typeof apiErrorSchema>;
export const errorBodySchema = z.object({ errors: z.array(apiErrorSchema) });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Every answer is `{ data: ... }`. */
export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ data });

/**
 * PostgreSQL's `integer`, the type of every id: a larger id is a 400 at the edge, never an
 * out-of-range error from the database (openapi-fuzz.test.ts holds every request to it).
 */
export const ID_MAX = 2_147_483_647;

/** A row id in a JSON body; `message` (a form's 'Team is required') answers every way it can be wrong. */
export function idSchema(message?: string) {
  if (message === undefined) return z.number().int().positive().max(ID_MAX);
  return z.number({ error: message }).int(message).positive(message).max(ID_MAX, message);
}

export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(ID_MAX) });

/**
 * A yes/no query parameter: 'true'/'1' or 'false'/'0'. Anything else is a 400 naming the
 * parameter, not a silent 'no' (the bad-input tests, tests/api/input-edge.test.ts).
 */
export const queryBoolean = z.preprocess(
  (v) => (typeof v === 'boolean' ? String(v) : v),
  z.enum(['true', 'false', '1', '0'], { error: 'Must be true or false' }).transform((v) => v === 'true' || v === '1'),
);

export const refSchema = z.object({ id: z.number().int(), name: z.string() });
export type Ref = z.infer<typeof refSchema>;

/** Bounded strings: oversize input is a 400, never a database error. */
export const shortText = (max = 200) => z.string().max(max, `Must be at most ${max} characters`);
export const longText = (max = 10_000) => z.string().max(max, `Must be at most ${max} characters`);

/** YYYY-MM-DD that is a real calendar day: 2030-02-31 is a 400 here, not a database error. */
export const isoDateSchema = z.string().refine(isCalendarDay, 'Must be a date (YYYY-MM-DD)');

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(10),
});

export const pagedSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

/** Header a cookie-authenticated state-changing request must carry (SECURITY.md: the CSRF guard). */
export const CSRF_HEADER = 'x-hub-request';
export const SESSION_COOKIE = 'hub_session';
