import { DESKTOP_NOTIFICATION_POLL_MS, notificationListSchema, type Notification as HubNotification } from '../shared/api/notifications';
import { HubError } from '../shared/api/hub-error';
import { isAppPath } from '../shared/ipc-channels';

// Notifications, desktop delivery: the token lives in main, so main asks the hub what is new
// every 30 s (GET /notifications?since=<last id>), raises a native notification for each new
// one and tells the renderer to refresh its bell. A click focuses the window, marks the
// notification read and asks the renderer to open its link. Electron comes in as parameters
// (style.md, after Actual Budget), so this is tested in Node with a mocked `electron`.

/** The part of Electron's Notification class used here. */
export interface NativeNotification {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}
export interface NativeNotificationClass {
  new (options: { title: string; body: string; silent?: boolean }): NativeNotification;
  isSupported(): boolean;
}

export interface NotificationPollerDeps {
  Notification: NativeNotificationClass;
  /** HubClient.request; 401s must not end the session from here (the poll is not the user) */
  request: (req: { method: 'GET' | 'POST'; path: string; query?: Record<string, unknown> }) => Promise<unknown>;
  /** whether someone is signed in to the hub in use (a token is stored for it) */
  signedIn: () => Promise<boolean>;
  /** the renderer should refetch its bell */
  onChanged: () => void;
  /**
   * the hub's unread count from each answered poll, for the tray and the dock badge
   * (every answer carries it, so this costs no extra call); null once nobody is signed in.
   */
  onUnread?: (count: number | null) => void;
  /** a native notification was clicked: focus the window and open this app path */
  onOpen: (link: string) => void;
  intervalMs?: number;
  log?: (message: string, error: unknown) => void;
  /** most native notifications raised per poll; the rest are only counted on the bell */
  maxToasts?: number;
}

export interface NotificationPoller {
  /** One poll, as the timer runs it (tests call it directly). */
  poll(): Promise<void>;
  /** Forget the last seen id (sign-in, sign-out, another hub): the next poll starts afresh. */
  reset(): void;
  stop(): void;
}

export function startNotificationPoller(deps: NotificationPollerDeps, options: { timers?: boolean } = {}): NotificationPoller {
  // null: not yet known for this session; the first poll only learns the newest id, so signing
  // in does not replay a backlog as a burst of native notifications (the bell shows them).
  let lastId: number | null = null;
  let polling: Promise<void> | null = null;
  let stopped = false;

  const list = async (query: Record<string, unknown>) => notificationListSchema.parse(await deps.request({ method: 'GET', path: '/notifications', query }));

  const raise = (n: HubNotification) => {
    const native = new deps.Notification({ title: n.title, body: n.body });
    native.on('click', () => {
      if (isAppPath(n.link)) deps.onOpen(n.link);
      void deps.request({ method: 'POST', path: `/notifications/${n.id}/read` }).then(deps.onChanged, (error: unknown) => deps.log?.('notifications: could not mark read', error));
    });
    native.show();
  };

  const once = async () => {
    if (stopped) return;
    if (!(await deps.signedIn())) {
      lastId = null;
      deps.onUnread?.(null);
      return;
    }
    try {
      if (lastId === null) {
        const newest = await list({ limit: 1 });
        lastId = newest.items[0]?.id ?? 0;
        deps.onUnread?.(newest.unreadCount);
        return;
      }
      const fresh = await list({ since: lastId, limit: 50 });
      // read or added elsewhere (the web app, another computer) changes it too
      deps.onUnread?.(fresh.unreadCount);
      if (fresh.items.length === 0) return;
      lastId = fresh.items[fresh.items.length - 1].id;
      if (deps.Notification.isSupported()) fresh.items.slice(-(deps.maxToasts ?? 3)).forEach(raise);
      deps.onChanged();
    } catch (error) {
      // signed out or hub away: start afresh next time; the bell shows what it can
      if (error instanceof HubError && error.status === 401) {
        lastId = null;
        deps.onUnread?.(null);
      } else {
        deps.log?.('notifications: poll failed', error);
      }
    }
  };

  const poll = () => (polling ??= once().finally(() => (polling = null)));
  const timer = options.timers === false ? null : setInterval(() => void poll(), deps.intervalMs ?? DESKTOP_NOTIFICATION_POLL_MS);
  timer?.unref?.();

  return {
    poll,
    reset: () => {
      lastId = null;
    },
    stop: () => {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
