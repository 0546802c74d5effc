// Offline viewing (issue 6, issue 11 part 6): the persisted query cache any feature can join.
export { OfflineBanner, useOffline } from './OfflineBanner';
export { NOT_KEPT_OFFLINE, OFFLINE_VIEWS, offlineBannerText, type OfflineView } from './messages';
export { fetchOrCached, fetchPageOrCached, offlineQueryOptions } from './runtime';
export { isNetworkFailure, isUnreachable, offlineAtom } from './offline-state';
