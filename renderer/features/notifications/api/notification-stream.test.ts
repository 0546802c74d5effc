import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openNotificationStream, STREAM_PATH, type EventSourceLike } from './notification-stream';

// The web app's stream resumes from the last event id, also when it has to open a new
// EventSource because the old one gave up.

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: { lastEventId?: string }) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: { lastEventId?: string }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, lastEventId?: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ lastEventId });
  }
  /** the browser's error: CONNECTING (1 → 0) while it retries by itself, CLOSED once it gave up */
  fail(gaveUp: boolean): void {
    this.readyState = gaveUp ? 2 : 0;
    this.emit('error');
  }
}

let sources: FakeSource[];
const create = (url: string) => {
  const source = new FakeSource(url);
  sources.push(source);
  return source;
};

beforeEach(() => {
  sources = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the notification stream in the web app', () => {
  it('refreshes on new notifications and on resync, not on ready', () => {
    const onChange = vi.fn();
    const close = openNotificationStream({ onChange, create });
    expect(sources.map((s) => s.url)).toEqual([STREAM_PATH]);
    sources[0].emit('ready', '4');
    expect(onChange).not.toHaveBeenCalled();
    sources[0].emit('notification', '7');
    sources[0].emit('resync', '900');
    expect(onChange).toHaveBeenCalledTimes(2);
    close();
    expect(sources[0].closed).toBe(true);
  });

  it('leaves its own reconnects to EventSource, which resends Last-Event-ID itself', () => {
    const onError = vi.fn();
    openNotificationStream({ onChange: () => {}, onError, create });
    sources[0].emit('notification', '7');
    sources[0].fail(false);
    vi.advanceTimersByTime(120_000);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(sources).toHaveLength(1);
  });

  it('a stream that gave up is opened again after a pause, from the last id it saw, the pause doubling while the hub stays away', () => {
    openNotificationStream({ onChange: () => {}, create, retryMs: 1_000, maxRetryMs: 3_000 });
    sources[0].emit('ready', '4');
    sources[0].emit('notification', '7');
    sources[0].fail(true);
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources[1].url).toBe(`${STREAM_PATH}?last_event_id=7`);
    sources[1].fail(true);
    vi.advanceTimersByTime(1_999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    sources[2].fail(true);
    vi.advanceTimersByTime(3_000);
    expect(sources.map((s) => s.url.split('?')[1])).toEqual([undefined, 'last_event_id=7', 'last_event_id=7', 'last_event_id=7']);
    // an event resets the pause
    sources[3].emit('ready', '12');
    sources[3].fail(true);
    vi.advanceTimersByTime(1_000);
    expect(sources[4].url).toBe(`${STREAM_PATH}?last_event_id=12`);
  });

  it('closing it cancels a pending reopen', () => {
    const close = openNotificationStream({ onChange: () => {}, create, retryMs: 1_000 });
    sources[0].fail(true);
    close();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
  });
});
