import type { ServerResponse } from 'node:http';
import { snakify } from '../../shared/api/case';
import { NOTIFICATION_STREAM_EVENT } from '../../shared/api/notifications';
import type { Actor } from '../../shared/rules/session-user';
import type { Db } from '../db/client';
import { listNotifications } from './notifications';
import type { NotificationBus } from './notifications-push';

// GET /notifications/stream (issue 11): server-sent events. One open stream per session — a
// second one from the same client replaces the first — woken by the bus, never by a timer loop;
// a comment line every HEARTBEAT_MS keeps proxies from closing an idle stream.

export const HEARTBEAT_MS = 25_000;
/** Most new rows sent in one event; the client fetches the list anyway. */
const MAX_ITEMS_PER_EVENT = 20;

interface OpenStream {
  end(): void;
}

export class NotificationStreams {
  private readonly open = new Map<number, OpenStream>();

  constructor(private readonly db: Db, private readonly bus: NotificationBus, private readonly heartbeatMs = HEARTBEAT_MS) {}

  get size(): number {
    return this.open.size;
  }

  /** Takes over the response: headers, the first event (the unread count), then pushes. */
  async serve(sessionId: number, actor: Actor, raw: ServerResponse, onClientGone: (cb: () => void) => void): Promise<void> {
    this.open.get(sessionId)?.end();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no', // nginx: do not buffer the stream
    });
    let lastId = 0;
    let ended = false;
    const write = (event: string, data: unknown) => {
      if (!ended) raw.write(`event: ${event}\ndata: ${JSON.stringify(snakify(data))}\n\n`);
    };
    // Subscribed before the first read, and every read chained after it, so a row committed
    // while the stream opens is neither lost nor sent twice.
    let sending: Promise<void> = (async () => {
      const first = await listNotifications(this.db, actor, { page: 1, limit: 1 });
      lastId = first.items[0]?.id ?? 0;
      raw.write('retry: 5000\n\n');
      write('ready', { unreadCount: first.unreadCount });
    })();
    const push = () => {
      sending = sending.then(async () => {
        if (ended) return;
        const fresh = await listNotifications(this.db, actor, { since: lastId, page: 1, limit: MAX_ITEMS_PER_EVENT });
        if (fresh.items.length === 0) return;
        lastId = fresh.items[fresh.items.length - 1].id;
        write(NOTIFICATION_STREAM_EVENT, { items: fresh.items, unreadCount: fresh.unreadCount });
      }).catch(() => stream.end());
    };
    const unsubscribe = this.bus.subscribe(actor.id, push);
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
        if (this.open.get(sessionId) === stream) this.open.delete(sessionId);
      },
    };
    this.open.set(sessionId, stream);
    onClientGone(() => stream.end());
    await sending.catch(() => stream.end());
  }

  /** Shutdown: every stream ends so the server can close (clients reconnect elsewhere). */
  endAll(): void {
    for (const stream of [...this.open.values()]) stream.end();
    this.open.clear();
  }
}
