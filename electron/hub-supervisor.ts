import { HUB_STATUS_OFF, type HubStatus } from '../shared/hub-status';
import type { EmbeddedHub, EmbeddedStatus } from './embedded-hub';

export interface RestartPolicy {
  /** the pause before restarting after one failure; each further failure in a row doubles it */
  firstDelayMs: number;
  maxDelayMs: number;
  /** a hub that ran this long was healthy: its next failure is the first of a new row */
  healthyAfterMs: number;
  /** failures in a row after which main stops trying until the person asks ('Try again') */
  maxFailures: number;
}

export const RESTART_POLICY: RestartPolicy = { firstDelayMs: 1_000, maxDelayMs: 30_000, healthyAfterMs: 60_000, maxFailures: 6 };

/** 1 s, 2 s, 4 s … up to the cap, for the nth failure in a row. */
export function restartDelay(failures: number, policy: RestartPolicy = RESTART_POLICY): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, failures - 1), policy.maxDelayMs);
}

export interface SupervisorOptions {
  /** forks one hub process (startEmbeddedHub with its options) */
  start: () => EmbeddedHub;
  /** every change of state, for the window's banner */
  onStatus?: (status: HubStatus) => void;
  log?: (message: string) => void;
  policy?: Partial<RestartPolicy>;
}

/** The built-in hub as the rest of main sees it: one hub that outlives its processes. */
export interface SupervisedHub {
  /** the running hub's URL; waits for one that is starting; rejects while none is (between restarts, given up, stopped) */
  ready(): Promise<string>;
  /** as Settings shows it: a restart is 'starting' again */
  status(): EmbeddedStatus;
  hubStatus(): HubStatus;
  url(): string | null;
  /** why it is not running, as one sentence for an error */
  failure(): string | null;
  /** 'Try again': starts it now, with a fresh row of attempts; a hub starting or running is left alone */
  restart(): HubStatus;
  /** a deliberate stop (quit, a company hub chosen): never followed by a restart */
  stop(): Promise<void>;
}

/**
 * Recovery (docs/architecture.md 'The embedded hub'): keeps the embedded hub running. A process
 * that exits without being asked to (or fails to start) is started again after a pause that doubles
 * with each failure in a row; after too many, main waits for 'Try again'. The next process has
 * another port (PORT=0) but the same PGlite folder, so the session token, kept under
 * EMBEDDED_HUB_KEY, still works there. A new process is forked only once the last one has exited:
 * two on one PGlite folder would corrupt it.
 */
export function superviseEmbeddedHub(options: SupervisorOptions): SupervisedHub {
  const policy = { ...RESTART_POLICY, ...options.policy };
  const log = options.log ?? (() => {});
  let hub: EmbeddedHub | null = null;
  let status: HubStatus = { state: 'starting', attempt: 0, retryInMs: 0, message: null };
  /** failures since the hub last ran healthy: the pause and the giving up */
  let failures = 0;
  /** restarts since then, as the banner counts them */
  let restarts = 0;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let healthyTimer: ReturnType<typeof setTimeout> | undefined;

  const set = (next: HubStatus) => {
    status = next;
    options.onStatus?.(next);
  };

  function launch(): void {
    const current = options.start();
    hub = current;
    current.ready.then(
      () => {
        if (hub !== current || stopped) return;
        set({ state: 'running', attempt: 0, retryInMs: 0, message: null });
        healthyTimer = setTimeout(() => {
          failures = 0;
          restarts = 0;
        }, policy.healthyAfterMs);
      },
      () => {}, // its exit follows (a failed start kills it) and is what counts
    );
    void current.exited.then((code) => {
      log(`The built-in hub exited with code ${code}${stopped || hub !== current ? ' (stopped)' : ''}.`);
      if (hub !== current || stopped) return;
      clearTimeout(healthyTimer);
      failures++;
      const reason = current.failure() ?? `The built-in hub stopped unexpectedly (code ${code}).`;
      if (failures >= policy.maxFailures) {
        log(`The built-in hub failed ${failures} times in a row; not restarting it until asked.`);
        set({ state: 'failed', attempt: restarts, retryInMs: 0, message: reason });
        return;
      }
      restarts++;
      const delay = restartDelay(failures, policy);
      log(`Restarting the built-in hub in ${delay} ms (attempt ${restarts}).`);
      set({ state: 'restarting', attempt: restarts, retryInMs: delay, message: reason });
      retryTimer = setTimeout(() => {
        set({ ...status, retryInMs: 0 });
        launch();
      }, delay);
    });
  }

  const alive = () => !!hub && (hub.status() === 'starting' || hub.status() === 'running');

  const supervised: SupervisedHub = {
    ready() {
      if (hub && alive()) return hub.ready;
      return Promise.reject(new Error(supervised.failure() ?? 'The built-in hub is not running.'));
    },
    status() {
      if (status.state === 'restarting') return 'starting';
      return status.state;
    },
    hubStatus: () => status,
    url: () => (status.state === 'running' ? (hub?.url() ?? null) : null),
    failure() {
      if (status.state === 'restarting') return `${status.message ?? 'The built-in hub stopped.'} It is being restarted; try again in a moment.`;
      if (status.state === 'failed') return `The built-in hub could not be restarted. ${status.message ?? ''}`.trim();
      if (status.state === 'off') return 'The built-in hub was stopped.';
      return null;
    },
    restart() {
      if (stopped || alive()) return status;
      clearTimeout(retryTimer);
      failures = 0;
      restarts = 1;
      log('Restarting the built-in hub (asked by the person).');
      set({ state: 'restarting', attempt: restarts, retryInMs: 0, message: status.message });
      launch();
      return status;
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(healthyTimer);
      set(HUB_STATUS_OFF);
      await hub?.stop();
    },
  };
  launch();
  return supervised;
}
