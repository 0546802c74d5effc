import type { HubStatus } from '../../../shared/hub-status';

// The words of the built-in hub's banner, and what screen readers hear.

/** Down and main is on it: the banner shows; the generic offline words stand back. */
export const isHubDown = (status: HubStatus | null | undefined): boolean => status?.state === 'restarting' || status?.state === 'failed';

export const HUB_FAILED_TITLE = 'The built-in hub could not be restarted.';
export const HUB_FAILED_HINT = 'Try again, or quit and start the app again. Nothing you saved is lost.';
export const HUB_RESTARTING_HINT = 'Nothing you saved is lost; the app reconnects by itself.';
export const HUB_BACK = 'The built-in hub is running again.';

export function hubStatusTitle(status: HubStatus): string {
  if (status.state === 'failed') return HUB_FAILED_TITLE;
  return `The built-in hub stopped. Restarting… (attempt ${Math.max(1, status.attempt)})`;
}

/** One word per phase: each attempt's number changes the banner, not what is said. */
export type HubPhase = 'up' | 'restarting' | 'failed';
export function hubPhase(status: HubStatus | null): HubPhase {
  return status?.state === 'restarting' || status?.state === 'failed' ? status.state : 'up';
}

export function hubAnnouncement(phase: HubPhase): string {
  if (phase === 'restarting') return 'The built-in hub stopped. Restarting…';
  if (phase === 'failed') return `${HUB_FAILED_TITLE} ${HUB_FAILED_HINT}`;
  return HUB_BACK;
}
