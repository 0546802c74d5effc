import type { Db } from '../../db/client';
import { deliverNow, startOutboxSender, type OutboxRow, type OutboxSender } from '../outbox';
import { systemResolve, type Resolve } from './address-policy';
import { webhookDeliverer, type DelivererHooks, type WebhookConfig } from './webhook-deliverer';
import { WEBHOOK_CHANNEL } from './webhook-queue';
import { pinnedConnector, type Connector } from './webhook-transport';

// A hub's webhook sender: an outbox sender of its own for the 'webhook' channel, so a slow
// receiver never holds up e-mail. buildApp starts it and stops it when the hub closes.

export interface WebhookLog {
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface WebhookServiceOptions {
  log: WebhookLog;
  /** false: the sender runs only when asked (tests drain it) */
  timers?: boolean;
  pollMs?: number;
  leaseMs?: number;
  /** tests: a stub resolver, a connector of their own, a shorter timeout */
  resolve?: Resolve;
  connect?: Connector;
  timeoutMs?: number;
  hooks?: DelivererHooks;
  delivered?: (row: OutboxRow, outcome: string) => void;
}

export interface WebhookService {
  readonly config: WebhookConfig;
  readonly sender: OutboxSender;
  sendNow(id: number): Promise<OutboxRow | null>;
  close(): Promise<void>;
}

export function startWebhooks(db: Db, config: WebhookConfig, options: WebhookServiceOptions): WebhookService {
  // the operator hears in the log of an endpoint the hub turned off; the admins are told in the bell (webhook-deliverer.ts)
  const hooks: DelivererHooks = {
    turnedOff: async (endpointId, url) => options.log.warn({ webhookEndpoint: endpointId, url }, 'webhook endpoint turned off after three days of failed deliveries'),
    ...options.hooks,
  };
  const deliver = webhookDeliverer(db, config, { resolve: options.resolve ?? systemResolve, connect: options.connect ?? pinnedConnector, timeoutMs: options.timeoutMs }, hooks);
  const sender = startOutboxSender({
    db, deliverers: { [WEBHOOK_CHANNEL]: deliver }, log: options.log, timers: options.timers, pollMs: options.pollMs, leaseMs: options.leaseMs,
    delivered: options.delivered,
  });
  return { config, sender, sendNow: (id) => deliverNow(db, sender, id), close: () => sender.stop() };
}
