import type { ChannelActions } from './result';

export interface UnreadDeps {
  /** the bell's count for the tray and the dock badge (electron/tray.ts); null: signed out */
  onUnreadCount?: (count: number | null) => void;
}

export function unreadActions(deps: UnreadDeps): ChannelActions<'notifications:unread'> {
  return {
    async 'notifications:unread'({ count }) {
      deps.onUnreadCount?.(count);
      return null;
    },
  };
}
