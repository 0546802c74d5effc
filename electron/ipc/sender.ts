import { isAllowedNavigation } from '../window-security';

/** The part of an IPC event we read: the frame that sent it (null once that frame is gone). */
export interface IpcSenderEvent {
  senderFrame: { url: string } | null;
  /** the sending page's webContents (file:save-pdf prints it); absent in tests that do not need it */
  sender?: PagePrinter | null;
}

/** The part of WebContents that file:save-pdf uses. */
export interface PagePrinter {
  printToPDF(options: { pageSize?: 'A4'; scale?: number }): Promise<Uint8Array>;
}

/**
 * Main acts only for the app's own page — the packaged index.html, or the dev server in
 * development — never for a page the window was somehow led to, nor a frame inside it.
 */
export function trustedSender(appUrl: string, devUrl?: string | null): (url: string) => boolean {
  return (url) => isAllowedNavigation(url, appUrl) || (!!devUrl && isAllowedNavigation(url, devUrl));
}
