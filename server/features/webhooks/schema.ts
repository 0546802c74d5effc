import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { outbox } from '../outbox';

// docs/operations.md 'Webhooks': the addresses Admin → Webhooks sends the hub's events to, and
// the log of every attempt. A delivery itself is an outbox row (channel 'webhook'), written in the
// event's transaction like an e-mail.

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  /** the event names it wants (shared/api/webhooks.ts WEBHOOK_EVENTS) */
  events: text('events').array().notNull(),
  /** json (Standard Webhooks), slack or teams */
  format: text('format').notNull().default('json'),
  /** whsec_…: kept readable, since every delivery is signed with it */
  secret: text('secret').notNull(),
  /** the secret before the last rotation, still signed with until previousSecretUntil */
  previousSecret: text('previous_secret'),
  previousSecretUntil: tstz('previous_secret_until'),
  includePrivate: boolean('include_private').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  /** the first failed attempt since the last success: three days of it turn the endpoint off */
  failingSince: tstz('failing_since'),
  /** why the hub turned it off (null: on, or off by an admin) */
  disabledReason: text('disabled_reason'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: serial('id').primaryKey(),
  endpointId: integer('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  outboxId: integer('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
  event: text('event').notNull(),
  at: tstz('at').notNull().defaultNow(),
  /** null: no answer (refused by the address policy, the connection failed, timed out) */
  statusCode: integer('status_code'),
  durationMs: integer('duration_ms').notNull(),
  /** sent, retry or failed: what the attempt made of the outbox row */
  outcome: text('outcome').notNull(),
  error: text('error'),
  /** the answer's first 1 KB */
  response: text('response'),
}, (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.at)]);
