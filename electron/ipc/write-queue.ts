import { HubError } from '../../shared/api/hub-error';
import type { WriteQueue } from '../write-queue';
import type { ChannelAction, ChannelActions } from './result';

// The offline write queue's channels. The payload is checked by shared/ipc.ts, the
// request itself by the queue (only what shared/rules/queued-writes.ts allows).

export interface WriteQueueDeps {
  /** absent (tests, an app without a user-data folder): the channels answer 503 */
  writeQueue?: Pick<WriteQueue, 'add' | 'list' | 'cancel' | 'wake'>;
}

const unavailable = () =>
  new HubError({ status: 503, serverError: true, errors: [{ message: 'Changes cannot be kept on this computer.' }] });

export function writeQueueActions(deps: WriteQueueDeps): ChannelActions<'queue:add' | 'queue:list' | 'queue:cancel'> {
  const queue = () => {
    if (!deps.writeQueue) throw unavailable();
    return deps.writeQueue;
  };
  return {
    'queue:add': ({ userId, what, request, idempotencyKey }) => queue().add(userId, what, request, idempotencyKey),
    'queue:list': ({ userId }) => queue().list(userId),
    async 'queue:cancel'({ userId, id }) {
      await queue().cancel(userId, id);
      return null;
    },
  };
}

/** A hub call that got an answer means the hub is back: the queue sends what waits. */
export function wakingQueueOnAnswer(action: ChannelAction<'hub:request'>, deps: WriteQueueDeps): ChannelAction<'hub:request'> {
  if (!deps.writeQueue) return action;
  const queue = deps.writeQueue;
  return async (payload, event) => {
    const data = await action(payload, event);
    queue.wake();
    return data;
  };
}
