// Webhooks: Admin → Webhooks' endpoints, and the hub's events posted to them through the outbox
// (docs/operations.md 'Webhooks'). What other features may import; server/app.ts registers the routes.

export { queueWebhooks, WEBHOOK_CHANNEL, type WebhookEventData, type WebhookSubject } from './webhook-queue';
export { tellEvaluation, tellObjective, tellOfObjective, tellPerson, tellStatusChange } from './webhook-events';
export { webhookConfigFromEnv } from './webhook-config';
export { webhookDeliveries, webhookEndpoints } from './schema';
export { startWebhooks, type WebhookService, type WebhookServiceOptions } from './webhook-service';
export type { WebhookConfig } from './webhook-deliverer';
