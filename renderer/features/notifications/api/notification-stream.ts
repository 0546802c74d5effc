import { NOTIFICATION_STREAM_EVENT, NOTIFICATION_STREAM_READY_EVENT, NOTIFICATION_STREAM_RESYNC_EVENT } from '../../../../shared/api/notifications';

// The hub's stream resumes from the last event id. EventSource resends it by itself
// (Last-Event-ID) when it reconnects on its own, after the stream ended (a hub drained, a restart
// behind nginx). It gives up for good when an answer is not a stream (nginx's 502 while no hub is
// up, a 503): then a new EventSource is opened after a pause, and it carries the last id in
// ?last_event_id=, since a new EventSource cannot send the header.

export const STREAM_PATH = '/api/notifications/stream';
/** EventSource.CLOSED: it will not reconnect by itself. */
const CLOSED = 2;

/** The part of EventSource used here (a fake in the tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: { lastEventId?: string }) => void): void;
  close(): void;
}

export interface NotificationStreamOptions {
  /** notifications arrived, or the hub asks for a refetch (resync) */
  onChange: () => void;
  /** the connection failed or dropped (it may reconnect by itself) */
  onError?: () => void;
  create?: (url: string) => EventSourceLike;
  /** first pause before a new EventSource, doubled up to maxRetryMs while the hub stays away */
  retryMs?: number;
  maxRetryMs?: number;
}

/** Opens the stream and keeps it open; answers the function that closes it. */
export function openNotificationStream(options: NotificationStreamOptions): () => void {
  const create = options.create ?? ((url: string) => new EventSource(url));
  const firstRetry = options.retryMs ?? 5_000;
  const maxRetry = options.maxRetryMs ?? 60_000;
  let lastId = '';
  let retry = firstRetry;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const connect = () => {
    timer = null;
    const current = create(lastId ? `${STREAM_PATH}?last_event_id=${encodeURIComponent(lastId)}` : STREAM_PATH);
    source = current;
    const seen = (event: { lastEventId?: string }) => {
      if (event.lastEventId) lastId = event.lastEventId;
      retry = firstRetry;
    };
    current.addEventListener(NOTIFICATION_STREAM_READY_EVENT, seen);
    for (const name of [NOTIFICATION_STREAM_EVENT, NOTIFICATION_STREAM_RESYNC_EVENT]) {
      current.addEventListener(name, (event) => {
        seen(event);
        options.onChange();
      });
    }
    current.addEventListener('error', () => {
      options.onError?.();
      if (stopped || current !== source || current.readyState !== CLOSED) return;
      timer = setTimeout(connect, retry);
      retry = Math.min(retry * 2, maxRetry);
    });
  };

  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
