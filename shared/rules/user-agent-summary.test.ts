import { describe, expect, it } from 'vitest';
import { userAgentSummary } from './user-agent-summary';

describe('userAgentSummary', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari on macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome on iOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['BitstoneHub/1.4.0 (win32; Electron 37.2.0)', 'Bitstone Hub app on Windows'],
    ['BitstoneHub/1.4.0 (darwin; Electron 37.2.0)', 'Bitstone Hub app on macOS'],
  ])('%s reads %s', (agent, summary) => {
    expect(userAgentSummary(agent)).toBe(summary);
  });

  it('an absent or unknown agent reads Unknown browser', () => {
    expect(userAgentSummary(null)).toBe('Unknown browser');
    expect(userAgentSummary('')).toBe('Unknown browser');
    expect(userAgentSummary('something/1.0')).toBe('Unknown browser');
  });
});
