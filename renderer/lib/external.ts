import { getTransport, hubBridge } from './transport';

/**
 * Opens an http(s) address outside the app: the user's browser on desktop (main checks the
 * protocol again before shell.openExternal), a new tab on the web. On desktop a calendar feed's
 * webcal:// address goes the same way, to the calendar app; on the web it is a plain link.
 */
export async function openExternal(url: string): Promise<void> {
  const bridge = hubBridge();
  if (bridge && getTransport().kind === 'desktop') {
    await bridge.invoke('shell:open-external', { url });
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
