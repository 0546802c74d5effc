import type { ServerResponse } from 'node:http';
import { snakify } from '../../../shared/api/case';
import {
  NOTIFICATION_REPLAY_CAP,
  NOTIFICATION_STREAM_EVENT,
  NOTIFICATION_STREAM_READY_EVENT,
  NOTIFICATION_STREAM_RESYNC_EVENT,
  type NotificationStreamEvent,
  type NotificationStreamReady,
} from '../../../shared/api/notifications';
import type { Actor } from '../../../shared/rules/session-user';
import type { Db } from '../../db/client';
import { highestNotificationIdIssued, listNotifications, newestNotificationId } from './notifications';
import type { NotificationBus } from './notifications-push';

// GET /notifications/stream: server-sent events. One open stream per session — a
// second one from the same client replaces the first — woken by the bus, never by a timer loop;
// a comment line every HEARTBEAT_MS keeps proxies from closing an idle stream.
//
// Resumable (docs/api.md 'The notification stream'): every event's id is a notification id (the database's, the same on every
// hub), the newest the stream has delivered. A client that reconnects, to this hub or another,
// with Last-Event-ID gets every newer notification of its own in order, then the live ones.
// notify() makes one person's notifications commit in id order, so "newer than the last id
// sent" misses none.

export const HEARTBEAT_MS = 25_000;
/** Most rows sent in one event; the client fetches the list anyway. */
const MAX_ITEMS_PER_EVENT = 20;
const MAX_EVENT_ID = 2_147_483_647;

/** Where a stream starts: now, after a notification id, or at a point the client cannot tell us. */
export type StreamStart = { from: 'now' } | { from: 'after'; id: number } | { from: 'unknown' };

/**
 * The header EventSource resends on its own reconnects wins over ?last_event_id= (a new
 * EventSource's, which the browser keeps in the URL on later reconnects). A header that is not an
 * id this hub wrote (garbage, a huge number) cannot say what was missed: the client is told to
 * refetch instead of being refused, since an EventSource given an error stops reconnecting.
 */
export function streamStart(header: string | string[] | undefined, queryId: number | undefined): StreamStart {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (value === '') return queryId === undefined ? { from: 'now' } : { from: 'after', id: queryId };
  if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_EVENT_ID) return { from: 'unknown' };
  return { from: 'after', id: Number(value) };
}

interface OpenStream {
  end(): void;
}

export class NotificationStreams {
  /** by the credential that opened it: `session:<id>`, or `token:<id>` for an API token */
  private readonly open = new Map<string, OpenStream>();

  constructor(
    private readonly db: Db,
    private readonly bus: NotificationBus,
    private readonly heartbeatMs = HEARTBEAT_MS,
    private readonly replayCap = NOTIFICATION_REPLAY_CAP,
  ) {}

  get size(): number {
    return this.open.size;
  }

  /** Takes over the response: headers, what was missed (when resuming), the unread count, then pushes. */
  async serve(opener: string, actor: Actor, raw: ServerResponse, onClientGone: (cb: () => void) => void, start: StreamStart = { from: 'now' }): Promise<void> {
    this.open.get(opener)?.end();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no', // nginx: do not buffer the stream
    });
    raw.write('retry: 5000\n\n');
    /** The newest notification id delivered (or covered by a resync): every event's id. */
    let cursor = 0;
    let ended = false;
    const write = (event: string, data: NotificationStreamEvent | NotificationStreamReady) => {
      if (!ended) raw.write(`id: ${cursor}\nevent: ${event}\ndata: ${JSON.stringify(snakify(data))}\n\n`);
    };
    /** Everything newer than the cursor, in id order, in events of MAX_ITEMS_PER_EVENT. */
    const sendNewer = async () => {
      for (;;) {
        if (ended) return;
        const fresh = await listNotifications(this.db, actor, { since: cursor, page: 1, limit: MAX_ITEMS_PER_EVENT });
        if (fresh.items.length === 0) return;
        cursor = fresh.items[fresh.items.length - 1].id;
        write(NOTIFICATION_STREAM_EVENT, { items: fresh.items, unreadCount: fresh.unreadCount });
        if (fresh.total <= fresh.items.length) return;
      }
    };
    const resync = async () => {
      cursor = await newestNotificationId(this.db, actor);
      const { unreadCount } = await listNotifications(this.db, actor, { page: 1, limit: 1 });
      write(NOTIFICATION_STREAM_RESYNC_EVENT, { unreadCount });
    };
    const begin = async () => {
      // A row committed before the hub's LISTEN was in place raises no wake-up here: the first
      // read comes after it, so that row is read instead.
      await this.bus.ready().catch(() => {});
      if (start.from === 'now') {
        cursor = await newestNotificationId(this.db, actor);
      } else if (start.from === 'unknown') {
        await resync();
      } else {
        cursor = start.id;
        const missed = await listNotifications(this.db, actor, { since: cursor, page: 1, limit: 1 });
        if (missed.total > this.replayCap || cursor > (await highestNotificationIdIssued(this.db))) await resync();
        else await sendNewer();
      }
      const { unreadCount } = await listNotifications(this.db, actor, { page: 1, limit: 1 });
      write(NOTIFICATION_STREAM_READY_EVENT, { unreadCount });
    };
    // Subscribed before the first read, and every read chained after the one before and starting
    // from the last id sent, so a row committed meanwhile is sent once: neither lost nor twice.
    let sending: Promise<void> = Promise.resolve();
    const push = () => {
      sending = sending.then(sendNewer).catch(() => stream.end());
    };
    const unsubscribe = this.bus.subscribe(actor.id, push);
    sending = begin();
    const heartbeat = setInterval(() => {
      if (!ended) raw.write(': ping\n\n');
    }, this.heartbeatMs);
    heartbeat.unref();
    const stream: OpenStream = {
      end: () => {
        if (!ended) {
          ended = true;
          clearInterval(heartbeat);
          unsubscribe();
          raw.end();
        }
        if (this.open.get(opener) === stream) this.open.delete(opener);
      },
    };
    this.open.set(opener, stream);
    onClientGone(() => stream.end());
    await sending.catch(() => stream.end());
  }

  /** Shutdown: every stream ends so the server can close (clients reconnect elsewhere). */
  endAll(): void {
    for (const stream of [...this.open.values()]) stream.end();
    this.open.clear();
  }
}
