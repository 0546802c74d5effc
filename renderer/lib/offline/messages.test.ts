import { describe, expect, it } from 'vitest';
import { BACK_ONLINE, OFFLINE_HINT, OFFLINE_TITLE, offlineAnnouncement } from './messages';

describe('what screen readers hear as the hub goes and comes back', () => {
  it("going offline: the banner's title and what it means", () => {
    expect(offlineAnnouncement(true)).toBe(`${OFFLINE_TITLE}. ${OFFLINE_HINT}`);
  });
  it('back online: says so', () => {
    expect(offlineAnnouncement(false)).toBe(BACK_ONLINE);
  });
});
