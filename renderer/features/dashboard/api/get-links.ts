import { useQuery } from '@tanstack/react-query';
import { linkListResponseSchema } from '../../../../shared/api/links';
import { hubCall } from '../../../lib/api';
import { fetchOrCached, OFFLINE_VIEWS, offlineQueryOptions } from '../../../lib/offline';

/** Every cached link list starts with this key; the admin Links tab invalidates it after a change. */
export const LINKS_KEY = ['link'] as const;

/** GET /link: the active links everyone sees on the dashboard (spec §2 Dashboard). */
export function useActiveLinks() {
  const queryKey = [...LINKS_KEY, 'active'];
  return useQuery({
    queryKey,
    queryFn: () => fetchOrCached(queryKey, () => hubCall(linkListResponseSchema.shape.data, 'GET', '/link')),
    // the dashboard links stay usable with the hub down
    ...offlineQueryOptions(OFFLINE_VIEWS.links),
  });
}
