import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshesOnPush } from '../../../lib/live/push-refresh';
import { offlineAtom } from '../../../lib/offline/offline-state';
import { appStore } from '../../../lib/store';
import { hubBridge } from '../../../lib/transport';
import { openNotificationStream } from './notification-stream';
import { NOTIFICATIONS_KEY } from './notifications';

// Notification delivery, one connection per client. Web: EventSource on the hub's SSE
// stream (the session cookie goes with it; it resumes from the last event id).
// Desktop: the token is in main, which polls the hub (?since=, its own resume point) and sends
// IPC events; a clicked native notification arrives as an app path, which
// renderer/app/routing/open-links.ts opens (with the other links).

export function useLiveNotifications(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      void client.invalidateQueries({ predicate: refreshesOnPush });
    };
    const bridge = hubBridge();
    if (bridge) {
      return bridge.onNotifications?.(refresh);
    }
    if (typeof EventSource === 'undefined') return undefined;
    return openNotificationStream({
      onChange: refresh,
      // the stream dropping is the first sign of a hub gone away; asking at once lets a
      // failed call put the app offline now rather than at the bell's next poll
      onError: () => {
        if (!appStore.get(offlineAtom)) refresh();
      },
    });
  }, [client]);
}
