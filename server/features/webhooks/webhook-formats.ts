import { snakify } from '../../../shared/api/case';
import type { WebhookFormat } from '../../../shared/api/webhooks';
import type { WebhookPayload, WebhookSubject } from './webhook-queue';

// The body each format sends (docs/api.md 'Webhooks'): JSON as Standard Webhooks describes it,
// a Slack incoming webhook's { text }, or a Microsoft Teams workflow's Adaptive Card message.

const SAYS: Record<string, string> = {
  'objective.created': 'created the objective',
  'objective.changed': 'changed the objective',
  'objective.status_changed': 'changed the status of the objective',
  'objective.deleted': 'deleted the objective',
  'approval.requested': 'asked for approval of',
  'approval.decided': 'decided on the approval of',
  'key_result.completed': 'completed the key result',
  'check_in.added': 'added a check-in to',
  'person.joined': 'added the person',
  'person.changed': 'changed the person',
  'person.archived': 'archived the person',
  'evaluation.created': 'wrote an evaluation of',
  'webhook.test': 'sent a test event to',
};

const linked = (s: WebhookSubject, publicUrl: string | null) =>
  ({ type: s.type, id: s.id, ...(s.title !== undefined ? { title: s.title } : {}), ...(s.status !== undefined ? { status: s.status } : {}), url: s.path && publicUrl ? `${publicUrl}${s.path}` : null });

/** The JSON event: what the other formats are worded from too. */
export function jsonEvent(payload: WebhookPayload, publicUrl: string | null) {
  const { subject, objective, actor, previousStatus } = payload.data;
  return {
    type: payload.event,
    timestamp: payload.occurredAt,
    data: { subject: linked(subject, publicUrl), ...(objective ? { objective: linked(objective, publicUrl) } : {}), actor, ...(previousStatus !== undefined ? { previousStatus } : {}) },
  };
}

function sentence(payload: WebhookPayload, publicUrl: string | null) {
  const event = jsonEvent(payload, publicUrl);
  const subject = event.data.subject;
  const title = subject.title ?? (payload.data.subject.private ? `a private ${subject.type.replace('_', ' ')}` : `${subject.type.replace('_', ' ')} ${subject.id}`);
  const who = payload.data.actor?.name ?? 'The hub';
  const status = subject.status && payload.event === 'objective.status_changed' ? ` (now ${subject.status})` : '';
  return { words: `${who} ${SAYS[payload.event] ?? payload.event}`, title, url: subject.url, status };
}

// Slack's mrkdwn takes &, < and > as markup
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderBody(format: WebhookFormat, payload: WebhookPayload, publicUrl: string | null): string {
  // snake_case like every answer of the API (docs/api.md)
  if (format === 'json') return JSON.stringify(snakify(jsonEvent(payload, publicUrl)));
  const { words, title, url, status } = sentence(payload, publicUrl);
  if (format === 'slack') {
    const named = url ? `<${url}|${slackEscape(title)}>` : slackEscape(title);
    return JSON.stringify({ text: `${slackEscape(words)} ${named}${slackEscape(status)}` });
  }
  const card = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body: [{ type: 'TextBlock', text: `${words} ${title}${status}`, wrap: true }],
    actions: url ? [{ type: 'Action.OpenUrl', title: 'Open in Bitstone Hub', url }] : [],
  };
  return JSON.stringify({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }] });
}
