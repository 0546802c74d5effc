import type { QueuedWrite } from '../../../shared/rules/queued-writes';

// Offline writes: what the queue indicator shows and what screen readers hear.

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/** The shell's indicator: '2 changes waiting to be sent', with refused ones named apart. */
export function queueSummary(items: readonly Pick<QueuedWrite, 'status'>[]): string {
  const waiting = items.filter((i) => i.status === 'queued').length;
  const refused = items.length - waiting;
  const parts: string[] = [];
  if (waiting > 0) parts.push(`${changes(waiting)} waiting to be sent`);
  if (refused > 0) parts.push(`${changes(refused)} refused by the hub`);
  return parts.join(', ');
}

export interface QueueCounts {
  waiting: number;
  refused: number;
}

export const countsOf = (items: readonly Pick<QueuedWrite, 'status'>[]): QueueCounts => ({
  waiting: items.filter((i) => i.status === 'queued').length,
  refused: items.filter((i) => i.status === 'refused').length,
});

/**
 * What a live region says after main reported a change of the queue: what the hub took (`sent`,
 * main's count) and what it newly refused. '' says nothing: a change kept, cancelled or dismissed
 * is the person's own doing, which they see.
 */
export function queueAnnouncement(next: QueueCounts, previous: QueueCounts, sent: number): string {
  const said: string[] = [];
  if (sent > 0) said.push(next.waiting === 0 ? (sent === 1 ? 'The change was sent.' : `${sent} changes were sent.`) : `${changes(sent)} sent, ${next.waiting} still waiting.`);
  const refused = next.refused - previous.refused;
  if (refused > 0) said.push(`The hub refused ${changes(refused)}: see the changes waiting to be sent.`);
  return said.join(' ');
}

export const CANCEL_CONFIRM = 'Cancel this change? It will not be sent to the hub.';
