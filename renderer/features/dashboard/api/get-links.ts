import { useQuery } from '@tanstack/react-query';
import { linkListResponseSchema } from '../../../../shared/api/links';
import { hubCall } from '../../../lib/api';

/** Every cached link list starts with this key; the admin Links tab invalidates it after a change. */
export const LINKS_KEY = ['link'] as const;

/** GET /link: the active links everyone sees on the dashboard (spec §2 Dashboard). */
export function useActiveLinks() {
  return useQuery({
    queryKey: [...LINKS_KEY, 'active'],
    queryFn: () => hubCall(linkListResponseSchema.shape.data, 'GET', '/link'),
  });
}
