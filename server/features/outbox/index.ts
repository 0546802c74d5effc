// The outbox: messages to the world outside the hub (e-mail; webhooks can share it), queued in the
// event's transaction and delivered by a sender on every hub (docs/operations.md 'The outbox').
// What other features may import of it.

export { enqueue, enqueueMany, lastErrors, outboxCounts, queuedByChannel, requeue, type NewOutboxMessage, type OutboxCounts, type OutboxRow } from './outbox';
export { deliverNow, startOutboxSender, type Deliverer, type Delivery, type OutboxSender } from './outbox-sender';
export { outbox } from './schema';
