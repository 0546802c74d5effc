import type { IpcMain } from 'electron';
import { ipcSchemas, type IpcChannel, type IpcPayload, type IpcResult } from '../../shared/ipc';
import { appLinkActions, type AppLinkDeps } from './app-links';
import { desktopSettingsActions, type DesktopSettingsDeps } from './desktop-settings';
import { filesActions, type FilesDeps } from './files';
import { hubRequestActions, type HubRequestDeps } from './hub-request';
import { hubStatusActions, type HubStatusDeps } from './hub-status';
import { menuActions, type MenuDeps } from './menu';
import { offlineCacheActions, type OfflineCacheDeps } from './offline-cache';
import { senderRefused, toErrorShape, validationError, type ChannelAction, type ChannelActions } from './result';
import type { IpcSenderEvent } from './sender';
import { sessionActions, type SessionDeps } from './session';
import { settingsActions, type SettingsDeps } from './settings';
import { shellActions, type ShellDeps } from './shell';
import { ssoActions, type SsoDeps } from './sso';
import { themeActions, type ThemeDeps } from './theme';
import { unreadActions, type UnreadDeps } from './unread';
import { updatesActions, type UpdatesDeps } from './updates';
import { wakingQueueOnAnswer, writeQueueActions, type WriteQueueDeps } from './write-queue';

export type IpcHandler<C extends IpcChannel> = (event: IpcSenderEvent, payload?: unknown) => Promise<IpcResult<C>>;
export type IpcHandlers = { [C in IpcChannel]: IpcHandler<C> };

export interface IpcDeps extends HubRequestDeps, SessionDeps, SettingsDeps, FilesDeps, ShellDeps, OfflineCacheDeps, SsoDeps, ThemeDeps, HubStatusDeps, UpdatesDeps, AppLinkDeps, DesktopSettingsDeps, UnreadDeps, MenuDeps, WriteQueueDeps {
  hub: HubRequestDeps['hub'] & SessionDeps['hub'] & FilesDeps['hub'];
  /** trustedSender(appUrl, devUrl) from ./sender */
  isTrustedSender: (url: string) => boolean;
  /** where main logs what it does not show the user */
  log?: (message: string, error: unknown) => void;
}

/** Every channel's handler as a plain map, so tests and the e2e rig call them without ipcMain. */
export function createIpcHandlers(deps: IpcDeps): IpcHandlers {
  const actions: ChannelActions = {
    ...hubRequestActions(deps),
    ...sessionActions(deps),
    ...settingsActions(deps),
    ...filesActions(deps),
    ...shellActions(deps),
    ...ssoActions(deps),
    ...offlineCacheActions(deps),
    ...themeActions(deps),
    ...hubStatusActions(deps),
    ...appLinkActions(deps),
    ...desktopSettingsActions(deps),
    ...unreadActions(deps),
    ...menuActions(deps),
    ...updatesActions(deps),
    ...writeQueueActions(deps),
  };
  // the hub answering again (the renderer's health poll included) sends the queued changes
  actions['hub:request'] = wakingQueueOnAnswer(actions['hub:request'], deps);
  const handlers = {} as Record<IpcChannel, IpcHandler<IpcChannel>>;
  for (const channel of Object.keys(ipcSchemas) as IpcChannel[]) {
    handlers[channel] = guarded(channel, actions[channel] as ChannelAction<IpcChannel>, deps);
  }
  return handlers as IpcHandlers;
}

/** Sender check, then payload validation, then the action; nothing is thrown across IPC. */
function guarded<C extends IpcChannel>(channel: C, action: ChannelAction<C>, deps: IpcDeps): IpcHandler<C> {
  return async (event, payload) => {
    try {
      const url = event?.senderFrame?.url;
      if (typeof url !== 'string' || !deps.isTrustedSender(url)) return { ok: false, error: senderRefused() };
      const parsed = ipcSchemas[channel].safeParse(payload);
      if (!parsed.success) return { ok: false, error: validationError(parsed.error) };
      return { ok: true, data: await action(parsed.data as IpcPayload<C>, event) };
    } catch (error) {
      const shape = toErrorShape(error);
      if (shape.status >= 500 && shape.status !== 503) deps.log?.(`IPC ${channel} failed`, error);
      return { ok: false, error: shape };
    }
  };
}

export function registerIpc(ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>, handlers: IpcHandlers): () => void {
  const channels = Object.keys(handlers) as IpcChannel[];
  for (const channel of channels) ipcMain.handle(channel, (event, payload: unknown) => handlers[channel](event, payload));
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel));
}
