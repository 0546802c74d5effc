import { describe, expect, it } from 'vitest';
import { asHubStatus, HUB_STATUS_OFF } from '../../../shared/hub-status';
import { HUB_BACK, HUB_FAILED_TITLE, hubAnnouncement, hubPhase, hubStatusTitle, isHubDown } from './messages';

describe("the built-in hub's banner words", () => {
  it('counts the restart it is on, and says when main gave up', () => {
    expect(hubStatusTitle({ state: 'restarting', attempt: 2, retryInMs: 2000, message: null })).toBe('The built-in hub stopped. Restarting… (attempt 2)');
    expect(hubStatusTitle({ state: 'failed', attempt: 5, retryInMs: 0, message: 'x' })).toBe(HUB_FAILED_TITLE);
  });

  it('shows only while the hub is down: restarting or given up', () => {
    expect(['starting', 'running', 'restarting', 'failed', 'off'].map((state) => isHubDown({ ...HUB_STATUS_OFF, state } as never))).toEqual([false, false, true, true, false]);
    expect(isHubDown(null)).toBe(false);
  });

  it('is heard once per phase, not at every attempt, and when it is back', () => {
    expect(hubPhase({ state: 'restarting', attempt: 3, retryInMs: 4000, message: null })).toBe('restarting');
    expect(hubPhase({ state: 'starting', attempt: 0, retryInMs: 0, message: null })).toBe('up');
    expect(hubAnnouncement('restarting')).toBe('The built-in hub stopped. Restarting…');
    expect(hubAnnouncement('failed')).toMatch(/^The built-in hub could not be restarted\. Try again/);
    expect(hubAnnouncement('up')).toBe(HUB_BACK);
  });
});

describe('what the preload lets through', () => {
  it('a well-formed status, nothing else', () => {
    const status = { state: 'restarting', attempt: 1, retryInMs: 1000, message: 'The built-in hub stopped unexpectedly (code 139).' };
    expect(asHubStatus({ ...status, extra: 'dropped' })).toEqual(status);
    for (const bad of [null, 'running', { ...status, state: 'exploded' }, { ...status, attempt: -1 }, { ...status, retryInMs: 1.5 }, { ...status, message: 7 }, { ...status, message: 'x'.repeat(501) }]) {
      expect(asHubStatus(bad)).toBeNull();
    }
  });
});
