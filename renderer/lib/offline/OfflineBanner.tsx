import { useAtomValue } from 'jotai';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { isHubDown } from '../hub-status/messages';
import { hubStatusAtom } from '../hub-status/state';
import { offlineAtom } from './offline-state';
import { OFFLINE_HINT, OFFLINE_TITLE, offlineBannerText, type OfflineView } from './messages';

/**
 * Shown while the hub cannot be reached: dated once the screen holds kept answers; before that
 * (the first failed call has just put the app offline) or without any, undated.
 */
export function OfflineBanner({ what }: { what: OfflineView }) {
  const offline = useAtomValue(offlineAtom);
  const hubDown = isHubDown(useAtomValue(hubStatusAtom));
  if (!offline) return null;
  const since = offline.since[what];
  // while the built-in hub restarts, its own banner says why; kept data still says since when
  if (since === undefined && hubDown) return null;
  return (
    <MessageBar intent="warning" role="status" data-testid="offline-banner">
      <MessageBarBody>
        <MessageBarTitle>{since === undefined ? OFFLINE_TITLE : offlineBannerText(what, since)}</MessageBarTitle>
        {OFFLINE_HINT}
      </MessageBarBody>
    </MessageBar>
  );
}

/** Actions that need the hub are disabled while it cannot be reached. */
export const useOffline = (): boolean => useAtomValue(offlineAtom) !== null;
