import { parseAllowHosts } from './address-policy';
import type { WebhookConfig } from './webhook-deliverer';

/** HUB_WEBHOOK_ALLOW_HOSTS and HUB_PUBLIC_URL (docs/operations.md 'Webhooks'); webhooks need nothing else to be on. */
export function webhookConfigFromEnv(env: NodeJS.ProcessEnv): WebhookConfig {
  const publicUrl = (env.HUB_PUBLIC_URL ?? '').replace(/\/+$/, '');
  return { allowHosts: parseAllowHosts(env.HUB_WEBHOOK_ALLOW_HOSTS), publicUrl: /^https?:\/\/[^/\s]+/.test(publicUrl) ? publicUrl : null };
}
