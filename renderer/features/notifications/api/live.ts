import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_STREAM_EVENT } from '../../../../shared/api/notifications';
import { offlineAtom } from '../../../lib/offline/offline-state';
import { appStore } from '../../../lib/store';
import { hubBridge } from '../../../lib/transport';
import { NOTIFICATIONS_KEY } from './notifications';

// issue 11 part 3 delivery, one connection per client. Web: EventSource on the hub's SSE
// stream (the session cookie goes with it; the browser reconnects by itself). Desktop: the
// token is in main, which polls the hub and sends IPC events; a clicked native notification
// arrives here as an app path to open.

export function useLiveNotifications(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    const bridge = hubBridge();
    if (bridge) {
      return bridge.onNotifications?.((event) => {
        refresh();
        if (event.type === 'open') void navigate(event.link);
      });
    }
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource('/api/notifications/stream');
    source.addEventListener(NOTIFICATION_STREAM_EVENT, refresh);
    // issue 21: the stream dropping is the first sign of a hub gone away; asking at once lets a
    // failed call put the app offline now rather than at the bell's next poll
    source.addEventListener('error', () => {
      if (!appStore.get(offlineAtom)) refresh();
    });
    return () => source.close();
  }, [client, navigate]);
}
