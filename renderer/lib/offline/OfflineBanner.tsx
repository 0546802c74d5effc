import { useAtomValue } from 'jotai';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { offlineAtom } from './offline-cache';
import { OFFLINE_HINT, offlineBannerText, type OfflineView } from './messages';

/** Shown while the screen holds kept answers because the hub cannot be reached. */
export function OfflineBanner({ what }: { what: OfflineView }) {
  const offline = useAtomValue(offlineAtom);
  const since = offline?.since[what];
  if (since === undefined) return null;
  return (
    <MessageBar intent="warning" role="status" data-testid="offline-banner">
      <MessageBarBody>
        <MessageBarTitle>{offlineBannerText(what, since)}</MessageBarTitle>
        {OFFLINE_HINT}
      </MessageBarBody>
    </MessageBar>
  );
}

/** Actions that need the hub are disabled while it cannot be reached. */
export const useOffline = (): boolean => useAtomValue(offlineAtom) !== null;
