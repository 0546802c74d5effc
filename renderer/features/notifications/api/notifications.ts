import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_POLL_MS,
  notificationListResponseSchema,
  notificationReadResponseSchema,
  notificationsReadAllResponseSchema,
} from '../../../../shared/api/notifications';
import { notificationSettingsResponseSchema, type NotificationSettingsBody } from '../../../../shared/api/notification-settings';
import { hubCall } from '../../../lib/api';

// GET /notifications, POST /notifications/:id/read and /read-all,
// GET/PUT /notifications/settings.

export const NOTIFICATIONS_KEY = ['notifications'] as const;
/** The bell's popover shows the newest ones; the badge counts every unread one. */
export const BELL_PAGE_SIZE = 20;

export function useNotifications() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'bell'],
    queryFn: () => hubCall(notificationListResponseSchema.shape.data, 'GET', '/notifications', { query: { limit: BELL_PAGE_SIZE } }),
    // pushes (SSE on the web, main's poll on the desktop) refetch at once; this covers a missed one
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
}

export function useMarkRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => hubCall(notificationReadResponseSchema.shape.data, 'POST', `/notifications/${id}/read`),
    onSettled: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => hubCall(notificationsReadAllResponseSchema.shape.data, 'POST', '/notifications/read-all'),
    onSettled: refresh,
  });
}

const SETTINGS_KEY = [...NOTIFICATIONS_KEY, 'settings'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => hubCall(notificationSettingsResponseSchema.shape.data, 'GET', '/notifications/settings'),
  });
}

/** Settings → Notifications: a kind's channel, or Monday's digest switch (what the body names changes, nothing else). */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) => hubCall(notificationSettingsResponseSchema.shape.data, 'PUT', '/notifications/settings', { body }),
    onSuccess: (data) => client.setQueryData(SETTINGS_KEY, data),
  });
}
