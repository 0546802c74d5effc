import { describe, expect, it, vi } from 'vitest';
import { Notification } from 'electron';
import { startNotificationPoller, type NativeNotificationClass } from '../../electron/notifications';
import { HubError } from '../../shared/api/hub-error';
import { IPC_EVENTS, type HubBridge, type NotificationBridgeEvent } from '../../shared/ipc';

// The desktop app raises a native notification for each new hub notification
// and a click focuses the window and opens the notification's screen. Electron is mocked; the
// poller gets the mocked Notification class as main.ts hands it the real one.

const shown = vi.hoisted(() => [] as Array<{ options: { title: string; body: string }; click?: () => void }>);
const preloadElectron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
}));
vi.mock('electron', () => ({
  ...preloadElectron,
  Notification: class {
    static isSupported = () => true;
    private readonly entry: { options: { title: string; body: string }; click?: () => void };
    constructor(options: { title: string; body: string }) {
      this.entry = { options };
    }
    on(event: string, listener: () => void) {
      if (event === 'click') this.entry.click = listener;
      return this;
    }
    show() {
      shown.push(this.entry);
    }
  },
}));

const note = (id: number, extra: Record<string, unknown> = {}) => ({
  id, kind: 'approval_requested', title: `Title ${id}`, body: `Body ${id}`, link: '/objective-tracking/approvals',
  createdAt: '2026-11-23T08:00:00.000Z', readAt: null as string | null, ...extra,
});
const page = (items: unknown[], unreadCount: number) => ({ items, total: items.length, page: 1, limit: 50, unreadCount });

/** A hub that answers the poller as GET /notifications would, from a list the test grows. */
function fakeHub() {
  const rows: ReturnType<typeof note>[] = [];
  const calls: Array<{ method: string; path: string; query?: Record<string, unknown> }> = [];
  const request = vi.fn(async (req: { method: 'GET' | 'POST'; path: string; query?: Record<string, unknown> }) => {
    calls.push(req);
    if (req.method === 'POST') return { id: Number(req.path.split('/')[2]), readAt: '2026-11-23T08:01:00.000Z' };
    const since = req.query?.since as number | undefined;
    // as the hub counts: every unread one of the user's, whatever the page holds
    const unread = rows.filter((r) => !r.readAt).length;
    if (since === undefined) return page([...rows].reverse().slice(0, Number(req.query?.limit ?? 10)), unread);
    return page(rows.filter((r) => r.id > since), unread);
  });
  return { rows, calls, request };
}

function setUp(signedIn = true) {
  shown.length = 0;
  const hub = fakeHub();
  const onChanged = vi.fn();
  const onOpen = vi.fn();
  const onUnread = vi.fn();
  const state = { signedIn };
  const poller = startNotificationPoller(
    { Notification: Notification as unknown as NativeNotificationClass, request: hub.request, signedIn: async () => state.signedIn, onChanged, onOpen, onUnread },
    { timers: false },
  );
  return { hub, onChanged, onOpen, onUnread, poller, state };
}

describe('desktop notifications (main)', () => {
  it('the first poll learns where the list stands without replaying the backlog', async () => {
    const { hub, poller, onChanged } = setUp();
    hub.rows.push(note(1), note(2));
    await poller.poll();
    expect(shown).toEqual([]);
    expect(onChanged).not.toHaveBeenCalled();
    expect(hub.calls[0]).toMatchObject({ method: 'GET', path: '/notifications', query: { limit: 1 } });
  });

  it('raises a native notification with the title and body of each new one and tells the renderer', async () => {
    const { hub, poller, onChanged } = setUp();
    hub.rows.push(note(1));
    await poller.poll();
    hub.rows.push(note(2, { title: 'Objective waiting for your approval', body: 'Elena asks to complete "Ship it".' }));
    await poller.poll();
    expect(hub.calls.at(-1)).toMatchObject({ query: { since: 1 } });
    expect(shown.map((s) => s.options)).toEqual([{ title: 'Objective waiting for your approval', body: 'Elena asks to complete "Ship it".' }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    await poller.poll();
    expect(shown).toHaveLength(1);
    expect(hub.calls.at(-1)).toMatchObject({ query: { since: 2 } });
  });

  it('a click opens the notification’s screen and marks it read on the hub', async () => {
    const { hub, poller, onOpen, onChanged } = setUp();
    await poller.poll();
    hub.rows.push(note(7, { link: '/objective-tracking/objective-details?id=42' }));
    await poller.poll();
    shown[0].click?.();
    expect(onOpen).toHaveBeenCalledWith('/objective-tracking/objective-details?id=42');
    await vi.waitFor(() => expect(hub.calls.at(-1)).toMatchObject({ method: 'POST', path: '/notifications/7/read' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
  });

  it('never hands the renderer a link that is not an app path', async () => {
    const { hub, poller, onOpen } = setUp();
    await poller.poll();
    hub.rows.push(note(3, { link: 'https://evil.example/' }));
    await poller.poll();
    shown[0].click?.();
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('asks nothing while signed out, and starts afresh after a 401', async () => {
    const { hub, poller, state } = setUp(false);
    await poller.poll();
    expect(hub.calls).toEqual([]);
    state.signedIn = true;
    await poller.poll();
    hub.request.mockRejectedValueOnce(new HubError({ status: 401, serverError: false, errors: [{ message: 'Unauthorized' }] }));
    await poller.poll();
    hub.rows.push(note(1));
    await poller.poll(); // learns again where the list stands
    expect(shown).toEqual([]);
    expect(hub.calls.at(-1)).toMatchObject({ query: { limit: 1 } });
  });

  it('hands the tray the hub’s unread count from every answer, and null while signed out', async () => {
    const { hub, poller, onUnread, state } = setUp();
    hub.rows.push(note(1), note(2));
    await poller.poll();
    expect(onUnread).toHaveBeenLastCalledWith(2);
    await poller.poll(); // nothing new, still counted: read elsewhere would change it
    expect(onUnread).toHaveBeenCalledTimes(2);
    hub.rows.push(note(3));
    await poller.poll();
    expect(onUnread).toHaveBeenLastCalledWith(3);
    hub.rows[0].readAt = '2026-11-23T08:05:00.000Z'; // read in the web app
    await poller.poll();
    expect(onUnread).toHaveBeenLastCalledWith(2);
    hub.request.mockRejectedValueOnce(new HubError({ status: 401, serverError: false, errors: [{ message: 'Unauthorized' }] }));
    await poller.poll();
    expect(onUnread).toHaveBeenLastCalledWith(null);
    state.signedIn = false;
    onUnread.mockClear();
    await poller.poll();
    expect(onUnread).toHaveBeenCalledWith(null);
  });

  it('keeps the last count when the hub is away (not a sign-out)', async () => {
    const { hub, poller, onUnread } = setUp();
    await poller.poll();
    hub.request.mockRejectedValueOnce(new HubError({ status: 0, serverError: true, errors: [{ message: 'The hub did not answer.' }] }));
    onUnread.mockClear();
    await poller.poll();
    expect(onUnread).not.toHaveBeenCalled();
  });

  it('raises at most three at once; the bell counts the rest', async () => {
    const { hub, poller, onChanged } = setUp();
    await poller.poll();
    hub.rows.push(note(1), note(2), note(3), note(4), note(5));
    await poller.poll();
    expect(shown.map((s) => s.options.title)).toEqual(['Title 3', 'Title 4', 'Title 5']);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});

describe('preload: notification events reach the page', () => {
  it('forwards changed and open events, only with an app path, without the IPC event', async () => {
    await import('../../electron/preload');
    const [, bridge] = preloadElectron.contextBridge.exposeInMainWorld.mock.calls[0] as unknown as [string, HubBridge];
    const events: NotificationBridgeEvent[] = [];
    const unsubscribe = bridge.onNotifications!((e) => events.push(e));
    const handler = (channel: string) => preloadElectron.ipcRenderer.on.mock.calls.find((c) => c[0] === channel)![1] as (...args: unknown[]) => void;
    handler(IPC_EVENTS.notificationsChanged)({ sender: preloadElectron.ipcRenderer });
    handler(IPC_EVENTS.notificationOpen)({ sender: preloadElectron.ipcRenderer }, { link: '/objective-tracking/approvals' });
    handler(IPC_EVENTS.notificationOpen)({}, { link: 'https://evil.example/' });
    handler(IPC_EVENTS.notificationOpen)({}, { link: '//evil.example/x' });
    // the tray's Notifications item
    handler(IPC_EVENTS.notificationsShow)({ sender: preloadElectron.ipcRenderer });
    expect(events).toEqual([{ type: 'changed' }, { type: 'open', link: '/objective-tracking/approvals' }, { type: 'show' }]);
    unsubscribe();
    expect(preloadElectron.ipcRenderer.removeListener).toHaveBeenCalledTimes(3);
  });
});
