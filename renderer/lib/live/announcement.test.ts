import { describe, expect, it } from 'vitest';
import { changeAnnouncement, nextAnnouncement, SILENCE } from './announcement';

const say = (next: number, previous: number) => `${previous} → ${next}`;

describe('what a live region says when a value changes', () => {
  it('says nothing for the first value (the screen has just loaded) nor for one that did not move', () => {
    expect(changeAnnouncement(undefined, 3, say)).toBeNull();
    expect(changeAnnouncement(3, 3, say)).toBeNull();
  });
  it('says nothing when the value goes away (loading again, or an error the screen shows itself)', () => {
    expect(changeAnnouncement(3, undefined, say)).toBeNull();
  });
  it('gives a change to `say`, with the value before', () => {
    expect(changeAnnouncement(3, 4, say)).toBe('3 → 4');
    expect(changeAnnouncement(false, true, (next) => (next ? 'offline' : 'online'))).toBe('offline');
  });
  it('counts each thing said, so the same words said twice are heard twice', () => {
    const first = nextAnnouncement(SILENCE, 'Successful');
    const again = nextAnnouncement(first, 'Successful');
    expect(first).toEqual({ text: 'Successful', id: 1 });
    expect(again).toEqual({ text: 'Successful', id: 2 });
    expect(nextAnnouncement(again, null)).toBe(again);
  });
});
