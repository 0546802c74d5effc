import { z } from 'zod';
import { envelope } from './common';

// Admin → Webhooks (docs/api.md 'Webhooks'): the endpoints the hub sends its events to, signed
// as Standard Webhooks, and each endpoint's delivery log. Admins only.

export const WEBHOOK_EVENTS = [
  'objective.created', 'objective.changed', 'objective.status_changed', 'objective.deleted',
  'approval.requested', 'approval.decided', 'key_result.completed', 'check_in.added',
  'person.joined', 'person.changed', 'person.archived', 'evaluation.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** what the 'Send test event' button sends; no endpoint subscribes to it */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_FORMATS = ['json', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_URL_MAX = 2000;

export const WEBHOOK_TEXT = {
  url: 'Enter the address as https://…',
  urlHttps: 'The address must start with https:// (plain http only to a host in HUB_WEBHOOK_ALLOW_HOSTS)',
  urlCredentials: 'The address may not carry a user name or password',
  urlInternal: 'The hub sends nothing to a loopback, private or link-local address',
  events: 'Choose at least one event',
  event: 'Unknown event',
  format: 'Choose JSON, Slack or Microsoft Teams',
  notFound: 'There is no webhook endpoint with this id.',
  deliveryNotFound: 'There is no delivery with this id for this endpoint.',
} as const;

const urlSchema = z
  .string({ error: WEBHOOK_TEXT.url })
  .trim()
  .min(1, WEBHOOK_TEXT.url)
  .max(WEBHOOK_URL_MAX, `Must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => URL.canParse(value) && ['https:', 'http:'].includes(new URL(value).protocol), WEBHOOK_TEXT.url);

export const webhookEndpointBodySchema = z.object({
  url: urlSchema,
  events: z.array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_TEXT.event }), { error: WEBHOOK_TEXT.events }).min(1, WEBHOOK_TEXT.events).max(WEBHOOK_EVENTS.length * 2),
  format: z.enum(WEBHOOK_FORMATS, { error: WEBHOOK_TEXT.format }).default('json'),
  includePrivate: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBodySchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  at: z.string(),
  /** null: no answer (refused by the address policy, refused connection, timeout) */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  outcome: z.enum(['sent', 'retry', 'failed']),
  error: z.string().nullable(),
  /** the first 1 KB of the answer */
  response: z.string().nullable(),
  /** the outbox row this attempt was of: 'Send again' queues it once more (null: it was removed) */
  messageId: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  format: z.enum(WEBHOOK_FORMATS),
  includePrivate: z.boolean(),
  enabled: z.boolean(),
  /** why the hub turned it off (three days of failed deliveries); null otherwise */
  disabledReason: z.string().nullable(),
  /** until when the secret before the last rotation is still signed with */
  previousSecretUntil: z.string().nullable(),
  lastDelivery: webhookDeliverySchema.nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookListResponseSchema = envelope(z.object({ items: z.array(webhookEndpointSchema) }));
/** create and rotate answer the secret: the only time it is shown */
export const webhookWithSecretResponseSchema = envelope(z.object({ endpoint: webhookEndpointSchema, secret: z.string() }));
export const webhookEndpointResponseSchema = envelope(z.object({ endpoint: webhookEndpointSchema }));
export const webhookDeliveriesResponseSchema = envelope(z.object({ items: z.array(webhookDeliverySchema) }));
export const webhookTestResponseSchema = envelope(z.object({ delivery: webhookDeliverySchema.nullable() }));
export const webhookResendResponseSchema = envelope(z.object({ queued: z.literal(true) }));
export const webhookDeliveryParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), deliveryId: z.coerce.number().int().positive().max(2_147_483_647) });

/** How many attempts the delivery log lists. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;
