import type { WebhookDelivery, WebhookEvent, WebhookFormat } from '../../../../../shared/api/webhooks';

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'objective.created': 'Objective created',
  'objective.changed': 'Objective changed',
  'objective.status_changed': 'Objective status changed',
  'objective.deleted': 'Objective deleted',
  'approval.requested': 'Approval asked',
  'approval.decided': 'Approval decided',
  'key_result.completed': 'Key result completed',
  'check_in.added': 'Check-in added',
  'person.joined': 'Person joined',
  'person.changed': 'Person changed',
  'person.archived': 'Person archived',
  'evaluation.created': 'Evaluation created',
};

export const FORMAT_LABELS: Record<WebhookFormat, string> = { json: 'JSON (Standard Webhooks)', slack: 'Slack incoming webhook', teams: 'Microsoft Teams workflow' };

export const OUTCOME_LABELS: Record<WebhookDelivery['outcome'], string> = { sent: 'Delivered', retry: 'Will retry', failed: 'Failed' };

/** A delivery in a few words: its answer code and what became of it. */
export const deliveryText = (d: WebhookDelivery) => `${OUTCOME_LABELS[d.outcome]}${d.statusCode === null ? '' : ` (${d.statusCode})`}`;
