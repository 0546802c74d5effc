import { useQuery } from '@tanstack/react-query';
import type { HubCompat } from '../../../../shared/ipc';
import { isDesktop } from '../../../lib/transport';
import { invokeMain } from './desktop-ipc';

/**
 * Whether this app and its hub fit together, asked each time sign-in is shown (another
 * hub may have been chosen in Settings meanwhile). Unknown (no answer, the web) lets sign-in be.
 */
export function useHubCompat(): HubCompat {
  const query = useQuery({
    queryKey: ['hub-compat'],
    queryFn: () => invokeMain('hub:compat'),
    enabled: isDesktop(),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return query.data ?? { status: 'unknown' };
}
