import { useAtomValue } from 'jotai';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { formatLastModified } from '../../../../shared/rules/dates';
import { offlineBannerText } from '../../../../shared/rules/objective-messages';
import { offlineSinceAtom } from './offline-cache';

/** Shown while the screen holds cached objectives because the hub cannot be reached. */
export function OfflineBanner() {
  const since = useAtomValue(offlineSinceAtom);
  if (!since) return null;
  return (
    <MessageBar intent="warning" role="status" data-testid="offline-banner">
      <MessageBarBody>
        <MessageBarTitle>{offlineBannerText(formatLastModified(since))}</MessageBarTitle>
        Changes need the hub; this page refreshes by itself when it is back.
      </MessageBarBody>
    </MessageBar>
  );
}

/** Actions that need the hub are disabled while offline. */
export const useOffline = () => useAtomValue(offlineSinceAtom) !== null;
