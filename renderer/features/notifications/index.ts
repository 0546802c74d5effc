// Notifications: the header's bell and the settings switches; the rest stays inside the feature.
export { NotificationBell } from './components/NotificationBell';
export { NotificationSettings } from './components/NotificationSettings';
