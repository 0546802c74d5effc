/**
 * issue 4: http(s) links (the Objective Tracking menu link, dashboard links) open in the user's
 * browser; nothing else does. `open` is shell.openExternal, handed in so this is testable
 * without Electron (as Actual Budget's external-links.ts does).
 */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export async function openExternalSafely(url: string, open: (url: string) => Promise<void>): Promise<boolean> {
  if (!isWebUrl(url)) return false;
  await open(url);
  return true;
}
