/** A server-sent event as the hub writes it: its id (when it has one), its name and its JSON data. */
export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

/**
 * The whole events at the head of what a stream has sent so far, and the rest, which waits for
 * the next chunk (an event may arrive cut in two). Comments and keep-alives are skipped.
 */
export function takeSseEvents(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  let rest = buffer;
  let cut: number;
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    const id = /^id: (.*)$/m.exec(block)?.[1];
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (event && data) events.push({ ...(id !== undefined && { id }), event, data: JSON.parse(data) });
  }
  return { events, rest };
}

/** An event as the API tests read it: loose JSON data, asserted field by field. */
export interface StreamEvent {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

export interface SseStream {
  /** Removes and answers the first event of that name, waiting for it. */
  next(name: string, timeoutMs?: number): Promise<StreamEvent>;
  /** Every event received so far, in order (what next() took included). */
  all(): StreamEvent[];
  /** Resolves with the answer's status and headers. */
  response: Promise<Response>;
  close(): void;
  done: Promise<void>;
  isEnded(): boolean;
}

/**
 * An EventSource-like reader over fetch of /api/notifications/stream: events as they come, and
 * whether the stream ended. `headers` adds to the bearer token and Accept (Last-Event-ID).
 */
export function openSseStream(url: string, token: string, options: { headers?: Record<string, string>; query?: string } = {}): SseStream {
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  const received: StreamEvent[] = [];
  let ended = false;
  const waiter: { wake?: () => void } = {};
  const response = fetch(`${url}/api/notifications/stream${options.query ?? ''}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...options.headers },
    signal: controller.signal,
  });
  const done = (async () => {
    try {
      const res = await response;
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        const taken = takeSseEvents(buffer + value);
        buffer = taken.rest;
        events.push(...(taken.events as StreamEvent[]));
        received.push(...(taken.events as StreamEvent[]));
        if (taken.events.length) waiter.wake?.();
      }
    } catch {
      /* aborted */
    }
    ended = true;
    waiter.wake?.();
  })();
  const next = async (name: string, timeoutMs = 10_000): Promise<StreamEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find((e) => e.event === name);
      if (found) {
        events.splice(events.indexOf(found), 1);
        return found;
      }
      if (ended || Date.now() > deadline) throw new Error(`no '${name}' event (ended: ${ended})`);
      await new Promise<void>((resolve) => {
        waiter.wake = resolve;
        setTimeout(resolve, 200);
      });
    }
  };
  return { next, all: () => [...received], response, close: () => controller.abort(), done, isEnded: () => ended };
}
