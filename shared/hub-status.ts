// Recovery (docs/architecture.md 'The embedded hub'): what main tells the window about the built-in
// hub's process. Plain TypeScript without zod, so the sandboxed preload can check what it forwards.

export const HUB_STATES = ['starting', 'running', 'restarting', 'failed', 'off'] as const;
export type HubState = (typeof HUB_STATES)[number];

export interface HubStatus {
  /** 'restarting': it stopped and starts again after a pause; 'failed': main gave up until asked again */
  state: HubState;
  /** which restart in a row this is, from 1; 0 while it is not being restarted */
  attempt: number;
  /** 'restarting': how long until the next start, in ms (0 once it is starting) */
  retryInMs: number;
  /** why it stopped (its exit code), or null */
  message: string | null;
}

/** A company hub, or the app before any hub was asked for. */
export const HUB_STATUS_OFF: HubStatus = { state: 'off', attempt: 0, retryInMs: 0, message: null };

/** `value` as a HubStatus, or null: the preload hands the page nothing else. */
export function asHubStatus(value: unknown): HubStatus | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (!(HUB_STATES as readonly unknown[]).includes(v.state)) return null;
  if (!isCount(v.attempt) || !isCount(v.retryInMs)) return null;
  if (v.message !== null && (typeof v.message !== 'string' || v.message.length > 500)) return null;
  return { state: v.state as HubState, attempt: v.attempt, retryInMs: v.retryInMs, message: v.message };
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 1e9;
