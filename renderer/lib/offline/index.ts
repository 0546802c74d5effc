// Offline viewing (docs/operations.md 'Offline viewing'): the persisted query cache any feature can join.
export { OfflineBanner, useOffline } from './OfflineBanner';
export { NOT_KEPT_OFFLINE, OFFLINE_VIEWS, offlineBannerText, type OfflineView } from './messages';
export { fetchOrCached, fetchPageOrCached, offlineQueryOptions } from './runtime';
export { isNetworkFailure, isUnreachable, offlineAtom } from './offline-state';
