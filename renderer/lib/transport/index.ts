import type { HubBridge } from '../../../shared/ipc';
import { createDesktopTransport } from './desktop';
import { createWebTransport } from './web';
import type { Transport } from './types';

export type { Transport, HttpMethod, RequestOptions, SignInResult, QueryParams, DownloadResult, UploadInput, FilesUploadInput } from './types';

/** What preload exposes; absent in a plain browser. Not a global declaration, so main's own typing stays free. */
export function hubBridge(): HubBridge | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as Window & { hub?: HubBridge }).hub;
}

export const isDesktop = (): boolean => !!hubBridge();

let current: Transport | undefined;

/** Chosen once at start: the desktop bridge when preload provided one, else fetch to /api. */
export function getTransport(): Transport {
  if (!current) {
    const bridge = hubBridge();
    current = bridge ? createDesktopTransport(bridge) : createWebTransport();
  }
  return current;
}
