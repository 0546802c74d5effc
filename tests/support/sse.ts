/** A server-sent event as the hub writes it: its name and its JSON data. */
export interface SseEvent {
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
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data) });
  }
  return { events, rest };
}
