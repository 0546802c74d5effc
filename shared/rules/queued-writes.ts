import { z } from 'zod';
import { checkInCreateSchema, checkInParamsSchema } from '../api/check-ins';
import { idempotencyKeySchema } from '../api/idempotency';

// Offline writes: the only requests the desktop app may keep on disk while the hub is
// away and send when it is back. A check-in (with its comment) is an addition that stands on its
// own; edits, deletions and status changes are not queued, since replaying them later could
// overwrite what others did meanwhile. Main checks every queued request against this list with
// the route's own schemas, so nothing else ever waits on the machine with the person's rights.

export const QUEUE_MESSAGES = {
  notQueueable: 'This change cannot be kept on this computer: it needs the hub.',
  saved: 'Saved on this computer: it will be sent when the hub is back',
  beingSent: 'This change is being sent right now.',
  notFound: 'This change is no longer waiting.',
  signedOut: 'Sign in to keep changes on this computer.',
} as const;

export const QUEUEABLE_METHODS = ['POST'] as const;
export type QueueableMethod = (typeof QUEUEABLE_METHODS)[number];

/** What the queue shows for a check-in: the key result it is on. */
export const checkInWhat = (keyResultTitle: string) => `Check-in on "${keyResultTitle}"`;

/** One change kept on the machine, as main stores it and the renderer lists it. */
export const queuedWriteSchema = z.object({
  id: z.uuid(),
  /** ISO time the person made the change */
  createdAt: z.iso.datetime(),
  /** for the list: 'Check-in on "<key result>"' */
  what: z.string().min(1).max(300),
  request: z.object({ method: z.literal('POST'), path: z.string().max(2000), body: z.unknown() }),
  /** refused: the hub answered no (its message in refusal); kept until the person dismisses it */
  status: z.enum(['queued', 'refused']),
  refusal: z.string().nullable(),
  /**
   * docs/api.md 'Idempotency keys': sent with every try of this change, so a send whose answer was
   * lost and the next one create one check-in. Absent in files from before it: the id is the key.
   */
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type QueuedWrite = z.infer<typeof queuedWriteSchema>;

interface QueueableWrite {
  kind: 'check-in';
  method: QueueableMethod;
  path: RegExp;
  params: z.ZodType<Record<string, unknown>>;
  body: z.ZodType;
}

const QUEUEABLE: readonly QueueableWrite[] = [
  // server/features/objectives/check-ins-routes.ts: POST /key-result/:id/check-ins
  { kind: 'check-in', method: 'POST', path: /^\/key-result\/(?<id>[^/?#]+)\/check-ins$/, params: checkInParamsSchema, body: checkInCreateSchema },
];

export interface QueueableRequest {
  method: QueueableMethod;
  path: string;
  body: unknown;
}

export type QueueableCheck = { ok: true; kind: QueueableWrite['kind']; request: QueueableRequest } | { ok: false; message: string; field?: string };

/**
 * The request as it will be sent (the body as the route's schema reads it), or why it may not be
 * queued: not on the list, or refused by the route's own validation (the hub would only say 400).
 */
export function checkQueueable(request: { method: string; path: string; body?: unknown }): QueueableCheck {
  const entry = QUEUEABLE.find((w) => w.method === request.method && w.path.test(request.path));
  if (!entry) return { ok: false, message: QUEUE_MESSAGES.notQueueable };
  const params = entry.params.safeParse(entry.path.exec(request.path)?.groups ?? {});
  if (!params.success) return { ok: false, message: QUEUE_MESSAGES.notQueueable };
  const body = entry.body.safeParse(request.body);
  if (!body.success) {
    const issue = body.error.issues[0];
    return issue.path.length ? { ok: false, message: issue.message, field: issue.path.map(String).join('.') } : { ok: false, message: issue.message };
  }
  return { ok: true, kind: entry.kind, request: { method: entry.method, path: request.path, body: body.data } };
}

/** The hub's answer when a queued change is sent: refused for good, or to be tried again later. */
export function sendOutcome(status: number): 'sent' | 'refused' | 'retry' | 'signed-out' {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'signed-out';
  // no answer, the hub's own trouble, too many requests, a timeout: the change is still good
  if (status === 0 || status >= 500 || status === 408 || status === 429) return 'retry';
  // 400, 403, 404, 409, 422…: the hub will not take it as it is; the person decides
  return 'refused';
}
