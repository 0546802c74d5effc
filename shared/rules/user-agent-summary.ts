// Settings → Sessions: a User-Agent as a person recognises it ('Chrome on Windows'), not
// the 150 characters the browser sends. Best effort: anything unknown reads 'Unknown browser'.

/** The product token the desktop app sends (electron/main.ts), e.g. 'BitstoneHub/1.4.0 (linux; Electron 37.2.0)'. */
export const DESKTOP_AGENT = 'BitstoneHub';

// first match wins: Edge and Opera also say Chrome, Chrome also says Safari
const BROWSERS: Array<[RegExp, string]> = [
  [new RegExp(`\\b${DESKTOP_AGENT}/`), 'Bitstone Hub app'],
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bElectron\//, 'Electron'],
  [/^axios\//, 'axios'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b|\bios\b/i, 'iOS'],
  [/\bAndroid\b|\bandroid\b/, 'Android'],
  [/\bWindows\b|\bwin32\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b|\bdarwin\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b|\blinux\b/, 'Linux'],
];

export function userAgentSummary(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Unknown browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
