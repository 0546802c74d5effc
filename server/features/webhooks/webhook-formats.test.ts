import { describe, expect, it } from 'vitest';
import { renderBody } from './webhook-formats';
import type { WebhookPayload } from './webhook-queue';

// What Slack and a Teams workflow are sent, worded from the same thin event as the JSON.

const payload = (title: string | null, isPrivate = false): WebhookPayload => ({
  endpointId: 1, event: 'objective.status_changed', occurredAt: '2026-12-03T15:00:00.000Z',
  data: { subject: { type: 'objective', id: 12, title, status: 'completed', path: '/objective-tracking/objective-details?id=12', private: isPrivate }, actor: { id: 4, name: 'Ana Lead' }, previousStatus: 'in progress' },
});
const HUB = 'https://hub.bitstone.test';
const LINK = `${HUB}/objective-tracking/objective-details?id=12`;

describe('webhook formats', () => {
  it('JSON: snake_case, with the link', () => {
    expect(JSON.parse(renderBody('json', payload('Ship it'), HUB))).toEqual({
      type: 'objective.status_changed', timestamp: '2026-12-03T15:00:00.000Z',
      data: { subject: { type: 'objective', id: 12, title: 'Ship it', status: 'completed', url: LINK }, actor: { id: 4, name: 'Ana Lead' }, previous_status: 'in progress' },
    });
  });

  it('Slack: one line of text with the link, its markup characters escaped', () => {
    expect(JSON.parse(renderBody('slack', payload('R&D <fast>'), HUB))).toEqual({ text: `Ana Lead changed the status of the objective <${LINK}|R&amp;D &lt;fast&gt;> (now completed)` });
    expect(JSON.parse(renderBody('slack', payload(null, true), HUB)).text).toContain('|a private objective>');
  });

  it('Teams: an Adaptive Card message with a TextBlock and an Action.OpenUrl', () => {
    const message = JSON.parse(renderBody('teams', payload('Ship it'), HUB));
    expect(message).toMatchObject({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive' }] });
    expect(message.attachments[0].content).toMatchObject({
      type: 'AdaptiveCard',
      body: [{ type: 'TextBlock', text: 'Ana Lead changed the status of the objective Ship it (now completed)' }],
      actions: [{ type: 'Action.OpenUrl', url: LINK }],
    });
  });

  it('no HUB_PUBLIC_URL: no links', () => {
    expect(JSON.parse(renderBody('json', payload('Ship it'), null)).data.subject.url).toBeNull();
    expect(JSON.parse(renderBody('teams', payload('Ship it'), null)).attachments[0].content.actions).toEqual([]);
  });
});
