import type { Query } from '@tanstack/react-query';

/**
 * A query's meta asking to be fetched again whenever the hub pushes news (a notification arrived,
 * renderer/features/notifications/api/live.ts): what the notification is about may have changed
 * its answer (a request waiting for approval changes the approvals count). The query stays in its
 * own feature; the push knows only this flag.
 */
export const REFRESH_ON_PUSH = { refreshOnPush: true } as const;

export function refreshesOnPush(query: Pick<Query, 'meta'>): boolean {
  return query.meta?.refreshOnPush === true;
}
