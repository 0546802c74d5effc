import { useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { changeAnnouncement, nextAnnouncement, SILENCE, type Announcement } from './announcement';

export type Politeness = 'polite' | 'assertive';

// Out of sight but read: not display:none or visibility:hidden, which screen readers skip too.
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, overflow: 'hidden',
  clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
};

// Fluent's modal dialogs put aria-hidden on everything else in <body> (tabster's modalizer), and
// a hidden live region says nothing: a toast raised as a dialog saves and closes would be lost.
// Tabster leaves a direct child of <body> with this attribute alone (@fluentui/react-tabster's
// useDangerousNeverHidden, not exported by react-components), so the region is portalled there.
const NEVER_HIDDEN = { 'data-tabster-never-hide': '' };

/**
 * A visually hidden live region. It is in the page before anything is said in it (a
 * region added together with its words is often not read), and each announcement replaces its
 * one child, so the same words said again are heard again. Polite waits for the reader to finish;
 * assertive (errors) interrupts.
 */
export function LiveRegion({ announcement, politeness = 'polite', testId }: { announcement: Announcement; politeness?: Politeness; testId?: string }) {
  return createPortal(
    <div
      role={politeness === 'assertive' ? 'alert' : 'status'}
      aria-live={politeness}
      aria-atomic="true"
      style={VISUALLY_HIDDEN}
      data-testid={testId}
      {...NEVER_HIDDEN}
    >
      {announcement.text && <span key={announcement.id}>{announcement.text}</span>}
    </div>,
    document.body,
  );
}

/**
 * What a live region should say about `value` (undefined while it is not known): nothing at
 * first, then `say`'s words each time it changes (see changeAnnouncement).
 */
export function useChangeAnnouncement<T>(value: T | undefined, say: (next: T, previous: T) => string): Announcement {
  const [state, setState] = useState<{ seen: T | undefined; said: Announcement }>({ seen: value, said: SILENCE });
  // adjusted while rendering (React's way to follow a prop), not in an effect a frame later
  if (!Object.is(state.seen, value)) {
    setState({ seen: value, said: nextAnnouncement(state.said, changeAnnouncement(state.seen, value, say)) });
  }
  return state.said;
}
