import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { meResponseSchema } from '../shared/api/auth';
import { HubError, isHubErrorShape } from '../shared/api/hub-error';
import { checkQueueable, QUEUE_MESSAGES, queuedWriteSchema, sendOutcome, type QueueableRequest, type QueuedWrite } from '../shared/rules/queued-writes';
import type { HubClient, HubTarget } from './hub-client';

// Offline writes are not lost: a check-in made while the hub is away waits in a JSON file
// per hub and signed-in user under userData/offline-queue, and main sends it when the hub answers
// again, in order, one at a time. The hub's refusal (403, 404, 409…) is kept with its message until
// the person dismisses it; no answer or the hub's own trouble (0, 5xx) leaves it for the next try.
// A class because it owns the files' lock, the retry timer and the sending loop.

export interface WriteQueueDeps {
  /** e.g. {userData}/offline-queue */
  dir: string;
  /** the hub the app talks to now (its key names the token, and so the queue's file) */
  target: () => Promise<HubTarget>;
  /** the token held for that hub, compared before each send: never another person's */
  token: (hubKey: string) => string | null;
  /** who the held token belongs to (GET /auth/me); null when it is no longer valid */
  whoAmI: () => Promise<number | null>;
  /** one request to the hub with the held token and the change's Idempotency-Key; rejects with a HubError */
  send: (request: QueueableRequest, idempotencyKey: string) => Promise<unknown>;
  /** the queue changed on disk: `sent` changes were just taken by the hub */
  onChanged?: (change: { sent: number }) => void;
  log?: (message: string, error: unknown) => void;
  now?: () => Date;
  /** first wait before asking a hub that did not answer again, doubled up to maxRetryMs */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

const fileSchema = z.object({ version: z.literal(1), items: z.array(z.unknown()) });
const QUEUE_FILE = /^hub-[0-9a-f]{16}-user-\d+\.json$/;

/** The hub's key is a URL (or 'embedded'): hashed, so a file name never carries a path from it. */
export function queueFileName(hubKey: string, userId: number): string {
  const hub = createHash('sha256').update(hubKey).digest('hex').slice(0, 16);
  return `hub-${hub}-user-${userId}.json`;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

const refusedWith = (status: number, message: string, field?: string) =>
  new HubError({ status, serverError: false, errors: [field ? { message, field } : { message }] });

export class WriteQueue {
  /** every read-modify-write of a file, in order */
  private lock: Promise<unknown> = Promise.resolve();
  /** the item on its way to the hub: it may not be cancelled until the hub has answered */
  private sending: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** the hub answered a change with its own trouble (5xx, 429): only the retry timer asks again */
  private coolingDown = false;
  private retryMs: number;
  /** files known to hold waiting items (null until the folder was read once) */
  private waiting: Set<string> | null = null;
  private stopped = false;

  constructor(private readonly deps: WriteQueueDeps) {
    this.retryMs = deps.firstRetryMs ?? 5_000;
  }

  /**
   * Keeps a change for the signed-in user; only what shared/rules/queued-writes allows.
   * `idempotencyKey`: the key the submit was already tried with, else one of its own (its id).
   */
  async add(userId: number, what: string, request: { method: string; path: string; body?: unknown }, idempotencyKey?: string): Promise<QueuedWrite> {
    const checked = checkQueueable(request);
    if (!checked.ok) throw refusedWith(400, checked.message, checked.field ? `request.body.${checked.field}` : 'request');
    const file = await this.fileOf(userId);
    const id = randomUUID();
    const item: QueuedWrite = {
      id,
      createdAt: (this.deps.now?.() ?? new Date()).toISOString(),
      what,
      request: checked.request,
      status: 'queued',
      refusal: null,
      idempotencyKey: idempotencyKey ?? id,
    };
    await this.update(file, (items) => [...items, item]);
    this.changed(0);
    // the hub may be back already (or never went: the page only thought so)
    this.wake();
    return item;
  }

  async list(userId: number): Promise<QueuedWrite[]> {
    const file = await this.fileOf(userId);
    return this.locked(() => this.read(file));
  }

  /** Cancels a waiting change, or dismisses a refused one. */
  async cancel(userId: number, id: string): Promise<void> {
    const file = await this.fileOf(userId);
    await this.update(file, (items) => {
      if (this.sending === id) throw refusedWith(409, QUEUE_MESSAGES.beingSent);
      if (!items.some((i) => i.id === id)) throw refusedWith(404, QUEUE_MESSAGES.notFound);
      return items.filter((i) => i.id !== id);
    });
    this.changed(0);
  }

  /**
   * The hub answered something: send what waits, if anything does (cheap when nothing does). A hub
   * that failed a change itself is not asked again on every answer it gives, only when the retry
   * timer says so.
   */
  wake(fromTimer = false): void {
    if (this.stopped || (this.coolingDown && !fromTimer)) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.flush()
      .catch((error: unknown) => this.deps.log?.('write queue: sending failed', error))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves once the current round of sending (if any) is over; for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One round: the signed-in person's waiting changes, oldest first, until one cannot be sent. */
  private async flush(): Promise<void> {
    const target = await this.deps.target().catch(() => null);
    if (!target) return this.retryLater();
    const token = this.deps.token(target.key);
    if (!token || !(await this.anyWaiting(target.key))) return;
    let userId: number | null;
    try {
      userId = await this.deps.whoAmI();
    } catch {
      return this.retryLater();
    }
    // signed out, or the token is no longer good: the queue stays until its person signs in
    if (userId === null || this.deps.token(target.key) !== token) return;
    const file = queueFileName(target.key, userId);
    let sent = 0;
    let refused = 0;
    try {
      for (;;) {
        const next = await this.locked(async () => (await this.read(file)).find((i) => i.status === 'queued') ?? null);
        if (!next) break;
        // someone else signed in since the hub said who this token is: not theirs to send
        if (this.deps.token(target.key) !== token) return;
        this.sending = next.id;
        let outcome: ReturnType<typeof sendOutcome>;
        let message = '';
        let status = 0;
        try {
          // the same key on every try: a send whose answer was lost was a check-in all the same
          await this.deps.send(next.request, next.idempotencyKey ?? next.id);
          outcome = 'sent';
        } catch (error) {
          const shape = error instanceof HubError || isHubErrorShape(error) ? error : null;
          status = shape?.status ?? 0;
          outcome = sendOutcome(status);
          message = shape?.errors.map((e) => e.message).join(' ') ?? '';
        } finally {
          this.sending = null;
        }
        if (outcome === 'retry') {
          // no answer: any answer later means the hub is back; its own trouble: wait for the timer
          this.coolingDown = status !== 0;
          return this.retryLater();
        }
        if (outcome === 'signed-out') return;
        await this.update(file, (items) =>
          outcome === 'sent'
            ? items.filter((i) => i.id !== next.id)
            : items.map((i) => (i.id === next.id ? { ...i, status: 'refused' as const, refusal: message || `The hub refused this change (HTTP ${status}).` } : i)),
        );
        if (outcome === 'sent') sent += 1;
        else refused += 1;
      }
      this.retryMs = this.deps.firstRetryMs ?? 5_000;
      this.coolingDown = false;
    } finally {
      // one word per round, so the window refetches and speaks once for all of it
      if (sent > 0 || refused > 0) this.changed(sent);
    }
  }

  private retryLater(): void {
    if (this.stopped || this.timer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(wait * 2, this.deps.maxRetryMs ?? 5 * 60_000);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake(true);
    }, wait);
    this.timer.unref?.();
  }

  private changed(sent: number): void {
    try {
      this.deps.onChanged?.({ sent });
    } catch (error) {
      this.deps.log?.('write queue: could not tell the window', error);
    }
  }

  private async fileOf(userId: number): Promise<string> {
    const target = await this.deps.target();
    if (!this.deps.token(target.key)) throw refusedWith(401, QUEUE_MESSAGES.signedOut);
    return queueFileName(target.key, userId);
  }

  /** Whether any file of this hub holds a waiting change; the folder is read once, then followed. */
  private async anyWaiting(hubKey: string): Promise<boolean> {
    if (!this.waiting) {
      const waiting = new Set<string>();
      let names: string[] = [];
      try {
        names = await readdir(this.deps.dir);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      for (const name of names.filter((n) => QUEUE_FILE.test(n))) {
        if ((await this.locked(() => this.read(name))).some((i) => i.status === 'queued')) waiting.add(name);
      }
      this.waiting ??= waiting;
    }
    const prefix = queueFileName(hubKey, 0).replace(/0\.json$/, '');
    return [...this.waiting].some((name) => name.startsWith(prefix));
  }

  private locked<T>(op: () => Promise<T>): Promise<T> {
    const result = this.lock.then(op);
    this.lock = result.catch(() => undefined);
    return result;
  }

  private update(file: string, change: (items: QueuedWrite[]) => QueuedWrite[]): Promise<void> {
    return this.locked(async () => this.write(file, change(await this.read(file))));
  }

  /** The file's items; a file that cannot be read as a queue is set aside (kept, renamed), not fatal. */
  private async read(file: string): Promise<QueuedWrite[]> {
    const full = path.join(this.deps.dir, file);
    let text: string;
    try {
      text = await readFile(full, 'utf8');
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    let parsed: z.infer<typeof fileSchema> | null = null;
    try {
      const json = fileSchema.safeParse(JSON.parse(text));
      if (json.success) parsed = json.data;
    } catch {
      // not JSON: a torn write from before atomic saves, or a hand edit
    }
    if (!parsed) {
      this.deps.log?.(`write queue: ${file} is unreadable; set aside`, null);
      await rename(full, `${full}.unreadable-${Date.now()}`).catch(() => undefined);
      return [];
    }
    // one bad item (a hand edit) does not lose the others
    return parsed.items.flatMap((item) => {
      const ok = queuedWriteSchema.safeParse(item);
      return ok.success && checkQueueable(ok.data.request).ok ? [ok.data] : [];
    });
  }

  private async write(file: string, items: QueuedWrite[]): Promise<void> {
    await mkdir(this.deps.dir, { recursive: true, mode: 0o700 });
    const target = path.join(this.deps.dir, file);
    if (items.length === 0) {
      await rm(target, { force: true });
    } else {
      // tmp file + rename: a crash mid-write leaves the previous queue, never half a file
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, JSON.stringify({ version: 1, items }, null, 2), { encoding: 'utf8', mode: 0o600 });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    }
    if (items.some((i) => i.status === 'queued')) this.waiting?.add(file);
    else this.waiting?.delete(file);
  }
}

/**
 * WriteQueueDeps.whoAmI through the app's HubClient: the id of the person the held token is
 * for, null when it is refused (signed out), a thrown error when the hub does not answer.
 */
export function tokenOwner(hub: Pick<HubClient, 'request'>): () => Promise<number | null> {
  return async () => {
    try {
      return meResponseSchema.shape.data.parse(await hub.request({ method: 'GET', path: '/auth/me' }, { endSessionOn401: false })).user.id;
    } catch (error) {
      if (error instanceof HubError && error.status === 401) return null;
      throw error;
    }
  };
}
