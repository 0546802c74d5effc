import type { SupportedRef } from '../api/alignment';
import { PRIVATE_OBJECTIVE_LABEL } from './alignment';

// The parents an objective supports as one line of text, where there is no room for a
// link each (the plans export's 'Supports' column, the timeline's row): the titles the viewer
// may see, and 'a private objective' for each one they may not.

export function supportsText(parents: readonly SupportedRef[]): string {
  return parents.map((p) => p?.title ?? PRIVATE_OBJECTIVE_LABEL).join('; ');
}
