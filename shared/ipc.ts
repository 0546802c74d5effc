import { z } from 'zod';
import { idempotencyKeySchema } from './api/idempotency';
import { themeChoiceSchema } from './api/preferences';
import { OBJECTIVE_AREA_KEYS } from './rules/objective-area';
import { QUEUEABLE_METHODS, type QueuedWrite } from './rules/queued-writes';
import { sessionUserSchema } from './api/users';
import type { HubErrorShape } from './api/hub-error';
import type { HubStatus } from './hub-status';
import type { IPC_CHANNELS } from './ipc-channels';
import type { UpdateNotice } from './update-notice';

// The channel map between the renderer (through preload's window.hub) and Electron main.
// Main validates every payload with these schemas before acting.

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** design §3 (Files): the hub's multipart limit; pictures shown from the hub are held to the same. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** an API path below /api, e.g. '/user/12': never a way out of the hub's /api */
const apiPath = z.string().startsWith('/').max(2000).refine((p) => !p.includes('..') && !p.includes('://') && !p.startsWith('//') && !p.includes('\\'), 'Invalid path');
// header values main writes into the multipart body: no line breaks, no quotes
// eslint-disable-next-line no-control-regex
const headerSafe = (max: number) => z.string().min(1).max(max).refine((v) => !/[\r\n"\u0000]/.test(v), 'Invalid characters');

/** offline viewing: the persisted query cache main writes per signed-in user */
export const MAX_OFFLINE_CACHE_BYTES = 4 * 1024 * 1024;
// a user id only ever becomes a number in a file name main builds itself: no path can be smuggled in
const offlineUserId = z.number({ error: 'Invalid user id' }).int('Invalid user id').positive('Invalid user id').max(2_147_483_647, 'Invalid user id');

const queryValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.undefined(), z.array(z.union([z.string(), z.number()]))]);

export const ipcSchemas = {
  'hub:request': z.object({
    method: z.enum(HTTP_METHODS),
    path: apiPath,
    query: z.record(z.string(), queryValue).optional(),
    body: z.unknown().optional(),
    /** docs/api.md 'Idempotency keys': the submit's key, the same on its retries */
    idempotencyKey: idempotencyKeySchema.optional(),
  }),
  /** a multipart upload (pictures, VPN files): main builds the form and adds the token */
  'hub:upload': z.object({
    method: z.enum(['PUT', 'POST']),
    path: apiPath,
    fieldName: z.string().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/, 'Invalid field name'),
    fileName: headerSafe(255),
    contentType: z.string().max(200).regex(/^[\w.+-]+\/[\w.+-]+$/, 'Invalid content type'),
    bytes: z.instanceof(Uint8Array).refine((b) => b.byteLength <= MAX_UPLOAD_BYTES, 'The file is larger than 5 MB.'),
    fields: z.record(z.string().max(100).regex(/^[A-Za-z0-9_.-]+$/), z.string().max(10_000)).optional(),
  }),
  /** a picture the hub serves (GET); only image/* answers up to 5 MB come back */
  'hub:image': z.object({ path: apiPath }),
  'session:login': z.object({ username: z.string().max(100), password: z.string().max(500) }),
  'session:logout': z.undefined(),
  'session:state': z.undefined(),
  /** OpenID Connect in the system browser, the code caught on a loopback listener in main */
  'session:sso-oidc': z.undefined(),
  /** the company directory's (LDAP) username and password */
  'session:sso-ldap': z.object({ username: z.string().max(100), password: z.string().max(500) }),
  'settings:get': z.undefined(),
  // http(s) only: the token is sent to this address.
  'settings:set-hub-url': z.object({ hubUrl: z.url({ protocol: /^https?$/, error: 'Enter the hub address, starting with http:// or https://' }).max(500).nullable() }),
  'file:save': z.object({
    suggestedName: z.string().min(1).max(255),
    /** the bytes to save, or a hub path (GET) whose answer is saved */
    bytes: z.instanceof(Uint8Array).optional(),
    hubPath: z.string().startsWith('/').max(2000).optional(),
  }).refine((v) => !!v.bytes !== !!v.hubPath, 'Give either bytes or hubPath'),
  'shell:open-external': z.object({ url: z.url().max(2000) }),
  /** design §3 (CV PDF): main prints the sending page to PDF and saves it through the save dialog */
  'file:save-pdf': z.object({ suggestedName: z.string().min(1).max(255) }),
  /** the signed-in user's persisted query cache (JSON text), or null when there is none */
  'offline-cache:load': z.object({ userId: offlineUserId }),
  'offline-cache:save': z.object({
    userId: offlineUserId,
    snapshot: z
      .string()
      .max(MAX_OFFLINE_CACHE_BYTES, 'The offline cache is larger than 4 MB.')
      .refine((text) => new TextEncoder().encode(text).byteLength <= MAX_OFFLINE_CACHE_BYTES, 'The offline cache is larger than 4 MB.')
      .refine(isJsonObject, 'The offline cache must be a JSON object.'),
  }),
  /** sign-out: every user's cache goes, nothing of the session stays on the machine */
  'offline-cache:clear': z.undefined(),
  /** the person's theme choice, so main sets nativeTheme (native parts, and 'system' media queries) to match */
  'theme:set': z.object({ choice: themeChoiceSchema }),
  /** the built-in hub's state now (a window loaded mid-restart asks) */
  'hub:status': z.undefined(),
  /** 'Try again' once main has given up restarting the built-in hub */
  'hub:restart': z.undefined(),
  /** the bitstone-hub:// link that came before the page listened (electron/deep-links.ts); taking it clears it */
  'app-link:take': z.undefined(),
  /** the desktop app's own switches: keep running in the tray, start at login */
  'desktop-settings:get': z.undefined(),
  'desktop-settings:set': z
    .strictObject({ keepInTray: z.boolean().optional(), startAtLogin: z.boolean().optional() })
    .refine((v) => v.keepInTray !== undefined || v.startAtLogin !== undefined, 'Choose a setting to change'),
  /** the bell's unread count, at once, for the tray and the dock badge; null: no bell (signed out) */
  'notifications:unread': z.object({ count: z.number().int().nonnegative().max(1_000_000).nullable() }),
  /**
   * The objective area's entries the signed-in person's navigation shows (shared/rules/objective-area.ts),
   * so the Go menu offers the same ones; null: nobody is signed in
   */
  'menu:area-screens': z.object({ screens: z.array(z.enum(OBJECTIVE_AREA_KEYS)).max(OBJECTIVE_AREA_KEYS.length).nullable() }),
  /** the update main has downloaded (null: none), for a window that opens after the event */
  'update:state': z.undefined(),
  /** 'Restart to update': main quits and installs the downloaded update */
  'update:install': z.undefined(),
  /** whether this app and its hub fit together (shared/rules/app-compat.ts) */
  'hub:compat': z.undefined(),
  /** a change made while the hub is away, kept on disk by main (shared/rules/queued-writes.ts says which) */
  'queue:add': z.object({
    userId: offlineUserId,
    what: z.string().trim().min(1).max(300),
    request: z.object({ method: z.enum(QUEUEABLE_METHODS), path: apiPath, body: z.unknown() }),
    /** the key the submit was tried with online, so the queue's sends are retries of it */
    idempotencyKey: idempotencyKeySchema.optional(),
  }),
  'queue:list': z.object({ userId: offlineUserId }),
  /** cancels a waiting change, or dismisses one the hub refused */
  'queue:cancel': z.object({ userId: offlineUserId, id: z.uuid('Invalid id') }),
} as const;

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return !!value && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

export type IpcChannel = keyof typeof ipcSchemas;
export type IpcPayload<C extends IpcChannel> = z.infer<(typeof ipcSchemas)[C]>;

export const sessionStateSchema = z.object({
  signedIn: z.boolean(),
  user: sessionUserSchema.nullable(),
  firstLogin: z.boolean(),
  /** signed in with an admin's one-time password; the stepper asks for a new one first */
  passwordMustChange: z.boolean(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

export interface HubSettings {
  /** null: the embedded hub with the demo company */
  hubUrl: string | null;
  /** where requests go now */
  activeUrl: string | null;
  embeddedStatus: 'starting' | 'running' | 'failed' | 'off';
  /** design §3: 'memory' when the OS offers no real keychain; Settings says so */
  tokenPersistence: 'encrypted' | 'memory';
}

/** an update electron-updater has downloaded and checked, as main tells the window. */
export type { UpdateNotice } from './update-notice';

/** the app's and the hub's versions checked against each other when the app connects. */
export type HubCompat =
  | { status: 'ok' }
  /** the hub did not answer (yet): sign-in shows its own error */
  | { status: 'unknown' }
  | { status: 'app-too-old' | 'hub-too-old'; title: string; message: string };

/** what the desktop app's own section of Settings shows. */
export interface DesktopSettings {
  platform: 'darwin' | 'win32' | 'linux' | 'other';
  /** Windows and Linux: the app has a tray icon, so the window can be kept there */
  trayAvailable: boolean;
  keepInTray: boolean;
  startAtLoginAvailable: boolean;
  /** read back from the system (Linux: the autostart entry is there) */
  startAtLogin: boolean;
}

export type SaveResult = { status: 'saved'; path: string } | { status: 'cancelled' } | { status: 'failed'; message: string };

export interface HubImage {
  /** image/… as the hub labelled it */
  contentType: string;
  bytes: Uint8Array;
}

export interface IpcResults {
  'hub:request': unknown;
  'hub:upload': unknown;
  'hub:image': HubImage;
  'session:login': SessionState;
  'session:logout': null;
  'session:state': SessionState;
  'session:sso-oidc': SessionState;
  'session:sso-ldap': SessionState;
  'settings:get': HubSettings;
  'settings:set-hub-url': HubSettings;
  'file:save': SaveResult;
  'shell:open-external': null;
  'file:save-pdf': SaveResult;
  'offline-cache:load': string | null;
  'offline-cache:save': null;
  'offline-cache:clear': null;
  'theme:set': null;
  'hub:status': HubStatus;
  'hub:restart': HubStatus;
  /** an app path (shared/rules/app-links.ts), or null when no link waits */
  'app-link:take': string | null;
  'desktop-settings:get': DesktopSettings;
  'desktop-settings:set': DesktopSettings;
  'notifications:unread': null;
  'menu:area-screens': null;
  'update:state': UpdateNotice | null;
  'update:install': null;
  'hub:compat': HubCompat;
  'queue:add': QueuedWrite;
  'queue:list': QueuedWrite[];
  'queue:cancel': null;
}

/** Nothing crosses IPC as an exception: every call answers one of these. */
export type IpcResult<C extends IpcChannel> = { ok: true; data: IpcResults[C] } | { ok: false; error: HubErrorShape };

export { IPC_CHANNELS, IPC_EVENTS } from './ipc-channels';

// The preload's allow-list (IPC_CHANNELS) and the schemas name the same channels, or this fails to compile.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const channelListsAgree: SameKeys<IpcChannel, (typeof IPC_CHANNELS)[number]> = true;
void channelListsAgree;

/** What preload exposes as window.hub (the renderer's desktop transport). */
export interface HubBridge {
  invoke<C extends IpcChannel>(channel: C, payload?: IpcPayload<C>): Promise<IpcResult<C>>;
  onSessionEnded(listener: () => void): () => void;
  /**
   * main's notification poller. 'changed' when new ones arrived, 'open' with the app
   * path when a native notification was clicked. Optional: older preloads lack it.
   */
  onNotifications?(listener: (event: NotificationBridgeEvent) => void): () => void;
  /** the built-in hub's state as main's supervisor changes it. Optional: older preloads lack it. */
  onHubStatus?(listener: (status: HubStatus) => void): () => void;
  /** main downloaded an update. Optional: older preloads and the web lack it. */
  onUpdate?(listener: (notice: UpdateNotice) => void): () => void;
  /** main's write queue changed (sent: how many changes the hub just took). Optional: older preloads lack it. */
  onQueueChanged?(listener: (change: QueueChange) => void): () => void;
}

export interface QueueChange {
  sent: number;
}

/** 'show': the tray's Notifications item asks for the bell's list */
export type NotificationBridgeEvent = { type: 'changed' } | { type: 'open'; link: string } | { type: 'show' };

