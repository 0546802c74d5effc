import { z } from 'zod';
import { CHECK_IN_COMMENT_MAX, CHECK_IN_MESSAGES as M, CONFIDENCES } from '../rules/check-ins';
import { envelope, refSchema } from './common';

// Key-result check-ins: GET/POST /key-result/:id/check-ins. Percent 0-100, a confidence, an
// optional comment; the author and the time come from the hub.

/** A bounded id: an out-of-range number is a 404-able 400, never an integer overflow in SQL. */
export const checkInParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const confidenceSchema = z.enum(CONFIDENCES, { error: M.confidence });

export const checkInCreateSchema = z.object({
  percent: z.number({ error: M.percent }).int(M.percent).min(0, M.percent).max(100, M.percent),
  confidence: confidenceSchema,
  comment: z.string({ error: M.comment }).trim().max(CHECK_IN_COMMENT_MAX, M.comment).default(''),
});
export type CheckInCreate = z.input<typeof checkInCreateSchema>;

export const checkInSchema = z.object({
  id: z.number().int(),
  keyResultId: z.number().int(),
  percent: z.number().int(),
  confidence: confidenceSchema,
  comment: z.string(),
  author: refSchema,
  createdAt: z.string(),
});
export type CheckIn = z.infer<typeof checkInSchema>;

export const checkInListSchema = z.object({
  /** newest first */
  items: z.array(checkInSchema),
  /** spec §6 for the caller: false hides the Check in button */
  canCheckIn: z.boolean(),
  /** why not, when canCheckIn is false */
  refusal: z.string().nullable(),
});
export type CheckInList = z.infer<typeof checkInListSchema>;

export const checkInListResponseSchema = envelope(checkInListSchema);
export const checkInResponseSchema = envelope(checkInSchema);
