import { useEffect } from 'react';
import { hubBridge } from '../../../lib/transport';

// Desktop only: the tray (Windows, Linux) and the dock badge (macOS) show the bell's
// unread count. Main also learns it from its own poll of the hub, every 30 s and with the window
// hidden; the bell's count arrives here the moment the person reads something in the window.

/** Sends the bell's count to main as it changes, and null once the bell is gone (signed out). */
export function useUnreadForTray(count: number | undefined): void {
  useEffect(() => {
    if (count !== undefined) void hubBridge()?.invoke('notifications:unread', { count });
  }, [count]);
  useEffect(() => () => void hubBridge()?.invoke('notifications:unread', { count: null }), []);
}

/** The tray's Notifications item: main shows the window and asks the bell to open its list. */
export function useTrayOpensList(setOpen: (open: boolean) => void): void {
  useEffect(
    () =>
      hubBridge()?.onNotifications?.((event) => {
        if (event.type === 'show') setOpen(true);
      }),
    [setOpen],
  );
}
