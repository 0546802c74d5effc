import { describe, expect, it } from 'vitest';
import { unreadAnnouncement } from './unread-announcement';

describe("the bell's announcement", () => {
  it('says the new unread count as it rises', () => {
    expect(unreadAnnouncement(3, 2)).toBe('3 unread notifications');
    expect(unreadAnnouncement(1, 0)).toBe('1 unread notification');
  });
  it('says nothing as the person reads them (the count falls)', () => {
    expect(unreadAnnouncement(2, 3)).toBe('');
    expect(unreadAnnouncement(0, 5)).toBe('');
  });
});
