// The channel names alone, without their zod schemas, so the sandboxed preload can carry its
// allow-list without bundling zod. shared/ipc.ts checks at compile time that both lists agree.

export const IPC_CHANNELS = [
  'hub:request',
  'hub:upload',
  'hub:image',
  'session:login',
  'session:logout',
  'session:state',
  'session:sso-oidc',
  'session:sso-ldap',
  'settings:get',
  'settings:set-hub-url',
  'file:save',
  'shell:open-external',
  'file:save-pdf',
  'offline-cache:load',
  'offline-cache:save',
  'offline-cache:clear',
  'theme:set',
  'hub:status',
  'hub:restart',
  'desktop-settings:get',
  'desktop-settings:set',
  'notifications:unread',
  'menu:area-screens',
  'update:state',
  'update:install',
  'hub:compat',
  'app-link:take',
  'queue:add',
  'queue:list',
  'queue:cancel',
] as const;

/** Events main sends to the renderer. */
export const IPC_EVENTS = {
  sessionEnded: 'session:ended',
  /** main found new notifications (the renderer refetches its bell) */
  notificationsChanged: 'notifications:changed',
  /** the user clicked a native notification; payload { link } (an app path) */
  notificationOpen: 'notifications:open',
  /** the built-in hub stopped, restarts, gave up or runs again; payload a HubStatus (shared/hub-status.ts) */
  hubStatus: 'hub:status-changed',
  /** the tray's Notifications item; the window opens the bell's list */
  notificationsShow: 'notifications:show',
  /** an update was downloaded and verified; payload an UpdateNotice (shared/ipc.ts) */
  updateReady: 'update:ready',
  /** the offline write queue changed; payload { sent } (how many changes the hub just took) */
  queueChanged: 'queue:changed',
} as const;

/** An app path main may hand the renderer to open: never a URL to elsewhere. */
export const isAppPath = (link: unknown): link is string =>
  typeof link === 'string' && link.length <= 500 && link.startsWith('/') && !link.startsWith('//') && !link.includes('\\') && !link.includes('://');
