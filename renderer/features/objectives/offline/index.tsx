import { OFFLINE_VIEWS, OfflineBanner, offlineQueryOptions } from '../../../lib/offline';

// Objective lists and details stay readable with the hub down (renderer/lib/offline does
// the keeping); what is the objectives' own is only how the banner names them.

export const objectivesOffline = () => offlineQueryOptions(OFFLINE_VIEWS.objectives);

export function ObjectivesOfflineBanner() {
  return <OfflineBanner what={OFFLINE_VIEWS.objectives} />;
}
