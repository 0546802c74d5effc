// Offline writes (desktop): changes kept on this computer while the hub is away.
export { canQueueWrites, sendOrQueue, useQueueWhileOffline, useWriteQueue, WRITE_QUEUE_KEY } from './queue';
export { QUEUE_MESSAGES } from '../../../shared/rules/queued-writes';
