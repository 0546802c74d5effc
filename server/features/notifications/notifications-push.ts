import type { Database } from '../../db/client';
import { NOTIFY_CHANNEL } from './notifications';

// Delivery: notify() raises pg_notify in the event's transaction; PostgreSQL
// (and PGlite, which keeps the same semantics) delivers it on commit only. Every hub on the same
// database LISTENs (Database.listen), so a row written through hub A reaches a stream on hub B.

export type PushListener = () => void;

export interface NotificationBus {
  /** Calls the listener whenever a committed notification for this user appears. */
  subscribe(userId: number, listener: PushListener): () => void;
  /** Resolves once the hub listens (streams read after it, so nothing committed before is missed). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface BusLog {
  warn(obj: object, message: string): void;
}

const RECONNECT_MS = 5_000;

/** One LISTEN per hub, opened when the first stream subscribes. A class: it owns that connection. */
export class DatabaseNotificationBus implements NotificationBus {
  private readonly listeners = new Map<number, Set<PushListener>>();
  private opening: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly database: Database, private readonly log: BusLog) {}

  subscribe(userId: number, listener: PushListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    this.opening ??= this.listen().catch((error: unknown) => this.lost(error));
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  /** Resolves once the LISTEN is in place, or failed (and is being retried). */
  ready(): Promise<void> {
    return this.opening ?? Promise.resolve();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    await this.opening?.catch(() => {});
    await this.stopListening?.().catch(() => {});
    this.stopListening = null;
    this.listeners.clear();
  }

  private emit(payload: string | undefined): void {
    const userId = Number(payload);
    for (const listener of [...(this.listeners.get(userId) ?? [])]) listener();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const listening = await this.database.listen(NOTIFY_CHANNEL, (payload) => this.emit(payload));
    let current = true;
    this.stopListening = async () => {
      current = false;
      await listening.stop();
    };
    void listening.lost.then((error) => {
      if (current) this.lost(error);
    });
    // a NOTIFY raised while no LISTEN was in place (a dropped connection, a first
    // attempt that failed) reached nobody; every open stream reads what is new since its last id.
    for (const listener of [...this.listeners.values()].flatMap((set) => [...set])) listener();
  }

  /** A dropped LISTEN connection is opened again; the streams catch up once it is (listen). */
  private lost(error: unknown): void {
    if (this.closed) return;
    this.log.warn({ err: error }, 'notifications: LISTEN connection lost, retrying');
    this.stopListening = null;
    this.opening = null;
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      if (this.listeners.size > 0) this.opening ??= this.listen().catch((e: unknown) => this.lost(e));
    }, RECONNECT_MS);
    this.reconnect.unref();
  }
}
