import { describe, expect, it } from 'vitest';
import { checkInWhat, checkQueueable, QUEUE_MESSAGES, sendOutcome } from './queued-writes';

// Which writes may wait on the machine, and what the hub's answer means for one.

describe('queued writes', () => {
  it('takes a check-in, its body as the route reads it', () => {
    expect(checkQueueable({ method: 'POST', path: '/key-result/12/check-ins', body: { percent: 40, confidence: 'at_risk', comment: '  slow  ' } })).toEqual({
      ok: true,
      kind: 'check-in',
      request: { method: 'POST', path: '/key-result/12/check-ins', body: { percent: 40, confidence: 'at_risk', comment: 'slow' } },
    });
    expect(checkInWhat('Ship it')).toBe('Check-in on "Ship it"');
  });

  it('refuses anything else, and a check-in the route would refuse', () => {
    for (const request of [
      { method: 'GET', path: '/key-result/12/check-ins' },
      { method: 'POST', path: '/key-result/12/check-ins?x=1', body: { percent: 1, confidence: 'on_track' } },
      { method: 'POST', path: '/key-result/0/check-ins', body: { percent: 1, confidence: 'on_track' } },
      { method: 'POST', path: '/key-result/99999999999/check-ins', body: { percent: 1, confidence: 'on_track' } },
      { method: 'PUT', path: '/key-result/12', body: {} },
      { method: 'POST', path: '/auth/logout' },
    ]) {
      expect(checkQueueable(request), JSON.stringify(request)).toEqual({ ok: false, message: QUEUE_MESSAGES.notQueueable });
    }
    expect(checkQueueable({ method: 'POST', path: '/key-result/12/check-ins', body: { percent: 1, confidence: 'on_track', comment: 'x'.repeat(1001) } })).toEqual({
      ok: false, message: 'Comment must be at most 1000 characters', field: 'comment',
    });
  });

  it('sent on 2xx; refused for good on the hub’s no; kept for later without an answer or on the hub’s own trouble', () => {
    expect([200, 201, 204].map(sendOutcome)).toEqual(['sent', 'sent', 'sent']);
    expect([400, 403, 404, 409, 422].map(sendOutcome)).toEqual(['refused', 'refused', 'refused', 'refused', 'refused']);
    expect([0, 408, 429, 500, 502, 503].map(sendOutcome)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry', 'retry']);
    expect(sendOutcome(401)).toBe('signed-out');
  });
});
