import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { HubError, UNREACHABLE_MESSAGE } from '../../../shared/api/hub-error';
import type { IpcChannel, IpcPayload, IpcResults } from '../../../shared/ipc';
import { queuedWriteSchema, type QueueableMethod } from '../../../shared/rules/queued-writes';
import { useOffline } from '../offline/OfflineBanner';
import { userAtom } from '../session/session';
import { resourceErrorsAtom, resourceOf, withResourceErrors } from '../request-state';
import { appStore, queryClient } from '../store';
import { hubBridge } from '../transport';
import { canQueueWrites } from './can-queue';
import { submitKeys } from '../submit-keys';

export { canQueueWrites } from './can-queue';

// Offline writes (desktop only): the renderer's side of main's write queue. The web app
// keeps nothing of the kind: offline, its forms stay disabled as before.

export const WRITE_QUEUE_KEY = ['write-queue'] as const;

/** A form may save into the queue now: desktop, and the hub cannot be reached. */
export function useQueueWhileOffline(): boolean {
  return useOffline() && canQueueWrites();
}

async function invoke<C extends IpcChannel>(channel: C, payload: IpcPayload<C>): Promise<IpcResults[C]> {
  const bridge = hubBridge();
  if (!bridge) throw new HubError({ status: 503, serverError: true, errors: [{ message: 'Changes cannot be kept on this computer.' }] });
  const result = await bridge.invoke(channel, payload);
  if (!result.ok) throw new HubError(result.error);
  return result.data;
}

function signedInId(): number {
  const user = appStore.get(userAtom);
  if (!user) throw new HubError({ status: 401, serverError: false, errors: [{ message: 'Sign in to keep changes on this computer.' }] });
  return user.id;
}

/** Keeps a change in main's queue for the signed-in person, with the key its submit was tried with (if it was). */
export async function queueWrite(what: string, method: QueueableMethod, path: string, body: unknown, idempotencyKey?: string) {
  const item = queuedWriteSchema.parse(await invoke('queue:add', { userId: signedInId(), what, request: { method, path, body }, ...(idempotencyKey ? { idempotencyKey } : {}) }));
  void queryClient.invalidateQueries({ queryKey: WRITE_QUEUE_KEY });
  return item;
}

export async function cancelQueued(id: string): Promise<void> {
  await invoke('queue:cancel', { userId: signedInId(), id });
}

/** The signed-in person's queue, oldest first; empty on the web. */
export function useWriteQueue() {
  const user = useAtomValue(userAtom);
  return useQuery({
    queryKey: [...WRITE_QUEUE_KEY, user?.id ?? null],
    queryFn: async () => queuedWriteSchema.array().parse(await invoke('queue:list', { userId: user!.id })),
    enabled: !!user && canQueueWrites(),
    // main tells when it changes (queue:changed); nothing else moves it
    staleTime: Infinity,
    networkMode: 'always',
  });
}

/**
 * A save that found no hub at all (connection refused or dropped before any answer) may go to the
 * queue instead. Not a timeout: the hub may have taken that one, and a second copy would follow.
 */
export const isNoAnswer = (error: unknown): boolean =>
  error instanceof HubError && error.status === 0 && error.errors.some((e) => e.message === UNREACHABLE_MESSAGE);

/**
 * A write that waits in the queue while the hub is away: `offline` (the app already knows) goes
 * straight to the queue; else it is tried, and kept if the hub did not answer at all.
 */
export async function sendOrQueue<T>(
  offline: boolean,
  send: () => Promise<T>,
  queue: { what: string; method: QueueableMethod; path: string; body: unknown },
): Promise<{ queued: false; data: T } | { queued: true }> {
  if (!canQueueWrites()) return { queued: false, data: await send() };
  if (!offline) {
    try {
      return { queued: false, data: await send() };
    } catch (error) {
      if (!isNoAnswer(error)) throw error;
    }
  }
  // tried and not answered: the hub may have it, so the queue sends it again under the same key
  await queueWrite(queue.what, queue.method, queue.path, queue.body, submitKeys.handOver(queue.method, queue.path, queue.body));
  // the failed try is not the screen's error: the change is kept, and the toast says so
  appStore.set(resourceErrorsAtom, (e) => withResourceErrors(e, resourceOf(queue.path), queue.method, []));
  return { queued: true };
}
