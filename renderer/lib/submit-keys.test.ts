import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_WINDOW_MS } from '../../shared/api/idempotency';
import { createSubmitKeys } from './submit-keys';

// docs/api.md 'Idempotency keys': one key per submit, the same for a retry of it.

const body = { title: 'Ship it', teamId: 3 };

describe('submit keys', () => {
  it('a submit the hub answered is over: the same POST again is a new submit with a new key', () => {
    const keys = createSubmitKeys();
    const first = keys.begin('POST', '/objective', body);
    first.answered();
    const second = keys.begin('POST', '/objective', body);
    expect(second.key).not.toBe(first.key);
  });

  it('a submit that got no answer is retried with its key, until an answer ends it', () => {
    const keys = createSubmitKeys();
    const first = keys.begin('POST', '/objective', body);
    first.unanswered();
    // the same form sent again, its keys in another order: the same submit
    const retry = keys.begin('POST', '/objective', { teamId: 3, title: 'Ship it' });
    expect(retry.key).toBe(first.key);
    retry.answered();
    expect(keys.begin('POST', '/objective', body).key).not.toBe(first.key);
  });

  it('the same POST twice at once (a double click) is one submit: one key', () => {
    const keys = createSubmitKeys();
    const first = keys.begin('POST', '/objective', body);
    const second = keys.begin('POST', '/objective', body);
    expect(second.key).toBe(first.key);
    first.answered();
    second.answered();
    expect(keys.begin('POST', '/objective', body).key).not.toBe(first.key);
  });

  it('another path or body is another submit', () => {
    const keys = createSubmitKeys();
    const first = keys.begin('POST', '/objective', body);
    expect(keys.begin('POST', '/objective', { ...body, title: 'Ship it now' }).key).not.toBe(first.key);
    expect(keys.begin('POST', '/alignment/objectives', body).key).not.toBe(first.key);
  });

  it('hands the key of an unanswered submit over once, to the offline queue; none while it is in flight', () => {
    const keys = createSubmitKeys();
    const first = keys.begin('POST', '/key-result/4/check-ins', { percent: 10 });
    expect(keys.handOver('POST', '/key-result/4/check-ins', { percent: 10 })).toBeUndefined();
    first.unanswered();
    expect(keys.handOver('POST', '/key-result/4/check-ins', { percent: 10 })).toBe(first.key);
    expect(keys.handOver('POST', '/key-result/4/check-ins', { percent: 10 })).toBeUndefined();
  });

  it('forgets an unanswered submit after the 24 hours the hub keeps a key', () => {
    let now = 0;
    const keys = createSubmitKeys(() => now);
    const first = keys.begin('POST', '/objective', body);
    first.unanswered();
    now = IDEMPOTENCY_WINDOW_MS + 1;
    expect(keys.begin('POST', '/objective', body).key).not.toBe(first.key);
  });
});
