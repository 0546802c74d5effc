import { hubBridge } from '../transport';

/** Main keeps changes for later: a desktop window whose preload knows the queue (the web never does). */
export const canQueueWrites = (): boolean => typeof hubBridge()?.onQueueChanged === 'function';
