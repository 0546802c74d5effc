import { useAtomValue } from 'jotai';
import { isHubDown } from '../hub-status/messages';
import { hubStatusAtom } from '../hub-status/state';
import { LiveRegion, useChangeAnnouncement } from '../live/LiveRegion';
import { offlineAnnouncement } from './messages';
import { useOffline } from './OfflineBanner';

/**
 * The hub going away and coming back, said on every screen (the banner shows only on
 * screens that keep data offline, and a status region added with its words is often not read).
 * Mounted once in the shell; a start already offline is not news, the screen is read as it loads.
 */
export function OfflineAnnouncer() {
  // the built-in hub stopping is said once, by its banner's region, not twice
  const hubDown = isHubDown(useAtomValue(hubStatusAtom));
  const said = useChangeAnnouncement(useOffline(), (offline) => (offline && hubDown ? '' : offlineAnnouncement(offline)));
  return <LiveRegion announcement={said} testId="offline-announcer" />;
}
