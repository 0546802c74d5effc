import { isAllowedNavigation } from '../window-security';

/** The part of an IPC event we read: the frame that sent it (null once that frame is gone). */
export interface IpcSenderEvent {
  senderFrame: { url: string } | null;
}

/**
 * issue 4: main acts only for the app's own page — the packaged index.html, or the dev server in
 * development — never for a page the window was somehow led to, nor a frame inside it.
 */
export function trustedSender(appUrl: string, devUrl?: string | null): (url: string) => boolean {
  return (url) => isAllowedNavigation(url, appUrl) || (!!devUrl && isAllowedNavigation(url, devUrl));
}
