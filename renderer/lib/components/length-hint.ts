import { lengthText, nearLimit } from '../../../shared/rules/text-limits';

/**
 * A Field's hint slot for text with a limit (so a title never stops at 200 without a word): the
 * count from 80 % of the limit on. The slot is always there, so screen readers hear the count as
 * a polite live region once it appears and while it changes.
 */
export function lengthHint(value: string, max: number) {
  return { children: nearLimit(value.length, max) ? lengthText(value.length, max) : '', 'aria-live': 'polite' as const };
}
