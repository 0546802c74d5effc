// What the app says through its live regions (screen readers hear what changes without a
// click). Plain functions, so the rules of when to speak are tested without a page.

/** One thing said; `id` grows with each, so the same words said again are heard again. */
export interface Announcement {
  text: string;
  id: number;
}

export const SILENCE: Announcement = { text: '', id: 0 };

/**
 * What a live region says when a watched value moves from `previous` to `next`. null keeps what
 * it said: nothing changed, or there was no value before (the screen has just loaded and is read
 * as a whole, so its first numbers are not news). Else `say`'s words; '' empties the region, which
 * screen readers pass over in silence.
 */
export function changeAnnouncement<T>(previous: T | undefined, next: T | undefined, say: (next: T, previous: T) => string): string | null {
  if (previous === undefined || next === undefined || Object.is(previous, next)) return null;
  return say(next, previous);
}

/** The next announcement after `said`, for `text` (null: `said` stays). */
export function nextAnnouncement(said: Announcement, text: string | null): Announcement {
  return text === null ? said : { text, id: said.id + 1 };
}
