import { appLinkFor, webLinkFor } from '../../shared/rules/app-links';
import { hubBridge } from './transport';

/**
 * Router state the web's short-path redirect leaves (renderer/app/routes.tsx): the screen was
 * reached through a shared link, so it may offer to open the desktop app instead.
 */
export const FROM_APP_LINK_STATE = { fromAppLink: true } as const;

export const reachedThroughLink = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { fromAppLink?: unknown }).fromAppLink === true;

/**
 * The link 'Copy link' puts on the clipboard for a screen (an app path), or null for a
 * screen no link names.
 *
 * A copied link is pasted to colleagues, and they may use the browser: the web app takes the
 * same short paths (/objective/123) on the hub's web address. So the web copies its own address,
 * and the desktop connected to a company hub copies that hub's address too (one link for both
 * kinds of colleague; in the desktop app the Go menu and notifications open screens already).
 * Only the desktop on its built-in hub copies bitstone-hub://: that hub has no address anyone
 * else can reach, and the link then only means something to this machine's app.
 */
export async function shareableLink(appPath: string): Promise<string | null> {
  const bridge = hubBridge();
  if (!bridge) return webLinkFor(window.location.origin, appPath);
  const settings = await bridge.invoke('settings:get');
  const hubUrl = settings.ok ? settings.data.hubUrl : null;
  return hubUrl ? webLinkFor(hubUrl, appPath) : appLinkFor(appPath);
}
