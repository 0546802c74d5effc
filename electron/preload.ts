import { contextBridge, ipcRenderer } from 'electron';
import { asHubStatus } from '../shared/hub-status';
import { IPC_CHANNELS, IPC_EVENTS, isAppPath } from '../shared/ipc-channels';
import type { HubBridge, IpcChannel, IpcResult } from '../shared/ipc';
import { asUpdateNotice } from '../shared/update-notice';

// The renderer's whole reach into main (style.md, after VS Code's sandbox preload): one named
// object, a fixed list of channels, and never ipcRenderer itself.

const ALLOWED_CHANNELS: ReadonlySet<string> = new Set(IPC_CHANNELS);

const bridge: HubBridge = {
  invoke<C extends IpcChannel>(channel: C, payload?: unknown): Promise<IpcResult<C>> {
    if (typeof channel !== 'string' || !ALLOWED_CHANNELS.has(channel)) {
      return Promise.resolve({ ok: false, error: { status: 400, serverError: false, errors: [{ message: `Unknown channel: ${String(channel)}` }] } });
    }
    return ipcRenderer.invoke(channel, payload) as Promise<IpcResult<C>>;
  },
  onSessionEnded(listener) {
    // The listener gets no IpcRendererEvent: that object would hand the page `sender` (ipcRenderer).
    const forward = () => listener();
    ipcRenderer.on(IPC_EVENTS.sessionEnded, forward);
    return () => {
      ipcRenderer.removeListener(IPC_EVENTS.sessionEnded, forward);
    };
  },
  onHubStatus(listener) {
    // only a well-formed status reaches the page
    const changed = (_event: unknown, payload: unknown) => {
      const status = asHubStatus(payload);
      if (status) listener(status);
    };
    ipcRenderer.on(IPC_EVENTS.hubStatus, changed);
    return () => {
      ipcRenderer.removeListener(IPC_EVENTS.hubStatus, changed);
    };
  },
  onUpdate(listener) {
    // a version and two flags, nothing else main might have put in the payload
    const ready = (_event: unknown, payload: unknown) => {
      const notice = asUpdateNotice(payload);
      if (notice) listener(notice);
    };
    ipcRenderer.on(IPC_EVENTS.updateReady, ready);
    return () => {
      ipcRenderer.removeListener(IPC_EVENTS.updateReady, ready);
    };
  },
  onNotifications(listener) {
    // Only the known events, and only an app path, reach the page.
    const changed = () => listener({ type: 'changed' });
    const show = () => listener({ type: 'show' });
    const open = (_event: unknown, payload: unknown) => {
      const link = (payload as { link?: unknown } | null)?.link;
      if (isAppPath(link)) listener({ type: 'open', link });
    };
    ipcRenderer.on(IPC_EVENTS.notificationsChanged, changed);
    ipcRenderer.on(IPC_EVENTS.notificationOpen, open);
    ipcRenderer.on(IPC_EVENTS.notificationsShow, show);
    return () => {
      ipcRenderer.removeListener(IPC_EVENTS.notificationsChanged, changed);
      ipcRenderer.removeListener(IPC_EVENTS.notificationOpen, open);
      ipcRenderer.removeListener(IPC_EVENTS.notificationsShow, show);
    };
  },
  onQueueChanged(listener) {
    // a count only: the list itself is asked for over queue:list
    const changed = (_event: unknown, payload: unknown) => {
      const sent = (payload as { sent?: unknown } | null)?.sent;
      listener({ sent: typeof sent === 'number' && Number.isInteger(sent) && sent >= 0 ? sent : 0 });
    };
    ipcRenderer.on(IPC_EVENTS.queueChanged, changed);
    return () => {
      ipcRenderer.removeListener(IPC_EVENTS.queueChanged, changed);
    };
  },
};

contextBridge.exposeInMainWorld('hub', bridge);
