import { atom } from 'jotai';
import type { HubStatus } from '../../../shared/hub-status';
import { appStore } from '../store';
import { hubBridge } from '../transport';
import { isHubDown } from './messages';

// The built-in hub's state as main's supervisor reports it (desktop only;
// null on the web and with a company hub until main says otherwise).

export const hubStatusAtom = atom<HubStatus | null>(null);

let started = false;

/** Listens to main, and asks once for the state now (a window loaded mid-restart). Idempotent. */
export function startHubStatus(): void {
  const bridge = hubBridge();
  if (started || !bridge?.onHubStatus) return;
  started = true;
  let heard = false;
  bridge.onHubStatus((status) => {
    heard = true;
    apply(status);
  });
  bridge.invoke('hub:status').then(
    (result) => {
      // an event that came meanwhile is newer than this answer
      if (result.ok && !heard) apply(result.data);
    },
    () => undefined,
  );
}

/** 'Try again' once main has given up. */
export async function restartHub(): Promise<void> {
  const result = await hubBridge()?.invoke('hub:restart');
  if (result?.ok) apply(result.data);
}

function apply(next: HubStatus): void {
  const previous = appStore.get(hubStatusAtom);
  appStore.set(hubStatusAtom, next);
  // back: the offline cache asks the hub now instead of at its next poll (up to 15 s away)
  if (next.state === 'running' && isHubDown(previous)) void import('../offline/runtime').then((m) => m.checkHubNow());
}
