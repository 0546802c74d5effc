/**
 * What the bell's live region says when its unread count changes without a click (a
 * notification pushed by the hub): '3 unread notifications' as the count rises. A fall comes from
 * the person reading them, which needs no news: the region empties, so its last words do not stay
 * there out of date.
 */
export function unreadAnnouncement(next: number, previous: number): string {
  if (next <= previous) return '';
  return `${next} unread notification${next === 1 ? '' : 's'}`;
}
