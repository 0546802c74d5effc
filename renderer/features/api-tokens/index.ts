// Personal API tokens: the person's own in Settings, everyone's in Admin.
export { AdminApiTokensTab } from './components/AdminApiTokensTab';
export { ApiTokensSettings } from './components/ApiTokensSettings';
