import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { notifications } from '../../server/features/notifications/schema';
import { notify } from '../../server/features/notifications/notifications';
import { camelize } from '../../shared/api/case';
import { NOTIFICATION_REPLAY_CAP, notificationStreamEventSchema } from '../../shared/api/notifications';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { startTestHub, type TestHub } from '../support/hub';
import { freshTarget, signIn, startHubProcess, type HubProcess, type HubTarget } from '../support/hub-process';
import { openSseStream, type SseStream, type StreamEvent } from '../support/sse';

// The notification stream resumes. Every event's id is a notification id; a client
// reconnecting with Last-Event-ID (to this hub, another, or one restarted) gets every notification
// of its own newer than that, in order, none twice, then the live ones; past the replay cap one
// 'resync' event instead. On PGlite ('api') and PostgreSQL ('api-pg'), and with hub processes on
// PostgreSQL.

const onPostgres = !!inject('databaseUrl');

let hub: TestHub;
beforeAll(async () => {
  hub = await startTestHub();
});
afterAll(() => hub?.close());

interface Person {
  id: number;
  token: string;
}

async function person(name: string): Promise<Person> {
  const user = await createUser(hub.db, { name });
  return { id: user.id, token: (await hub.login(user.username, TEST_PASSWORD)).token };
}

/** n notifications for one person, each in its own transaction as an event writes it; their ids. */
async function give(userId: number, n = 1): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await hub.db.transaction((tx) =>
      notify(tx, [userId], { kind: 'check_in_reminder', title: 'Weekly check-in', body: `Reminder ${i}`, link: '/objective-tracking/objectives' }),
    );
    ids.push(row.id);
  }
  return ids;
}

/** The notifications' ids in these events, each event read with the hub's schema. */
const itemIds = (events: StreamEvent[]) => events.flatMap((e) => notificationStreamEventSchema.parse(camelize(e.data)).items.map((item) => item.id));

/** The notification events up to the one holding `lastId`. */
async function notificationsUntil(stream: SseStream, lastId: number): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  while (!itemIds(events).includes(lastId)) events.push(await stream.next('notification'));
  return events;
}

/** Every notification event's id is its newest item's id, and they increase. */
function expectIdsOf(events: StreamEvent[]): void {
  for (const e of events) expect(e.id).toBe(String(itemIds([e]).at(-1)));
  const ids = events.map((e) => Number(e.id));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(ids).size).toBe(ids.length);
}

/**
 * A live notification after everything else: what arrives before it is all the stream sent, so a
 * duplicate or a stranger's row would show. Answers every item id the stream has sent.
 */
async function allSentThenLive(stream: SseStream, userId: number): Promise<{ sent: number[]; live: number }> {
  const [live] = await give(userId);
  await notificationsUntil(stream, live);
  const events = stream.all().filter((e) => e.event === 'notification');
  expectIdsOf(events);
  return { sent: itemIds(events), live };
}

describe('event ids', () => {
  it('every event carries a notification id: ready the newest one, each notification its newest item, increasing', async () => {
    const a = await person('Ids Present');
    const [existing] = await give(a.id);
    const stream = openSseStream(hub.url, a.token);
    try {
      expect((await stream.response).headers.get('content-type')).toContain('text/event-stream');
      const ready = await stream.next('ready');
      expect(ready.id).toBe(String(existing));
      expect(ready.data.unread_count).toBe(1);
      const fresh = await give(a.id, 3);
      const events = await notificationsUntil(stream, fresh[2]);
      expectIdsOf(events);
      expect(itemIds(events)).toEqual(fresh);
      expect(Number(events[0].id)).toBeGreaterThan(Number(ready.id));
    } finally {
      stream.close();
    }
  });

  it('a person with no notifications yet gets ready with id 0, and resumes from it', async () => {
    const a = await person('Ids Zero');
    const first = openSseStream(hub.url, a.token);
    const ready = await first.next('ready');
    first.close();
    expect(ready.id).toBe('0');
    const missed = await give(a.id, 2);
    const again = openSseStream(hub.url, a.token, { headers: { 'last-event-id': ready.id! } });
    try {
      expect((await again.next('ready')).id).toBe(String(missed[1]));
      const { sent, live } = await allSentThenLive(again, a.id);
      expect(sent).toEqual([...missed, live]);
    } finally {
      again.close();
    }
  });
});

describe('reconnecting with Last-Event-ID', () => {
  it('gets exactly the ones missed, in order, then live ones; none twice, and never another person’s', async () => {
    const a = await person('Resume Owner');
    const b = await person('Resume Stranger');
    const first = openSseStream(hub.url, a.token);
    await first.next('ready');
    const [seen] = await give(a.id);
    const got = await first.next('notification');
    expect(got.id).toBe(String(seen));
    first.close();
    await first.done;

    const missed = await give(a.id, 3);
    const strangers = await give(b.id, 2);
    const again = openSseStream(hub.url, a.token, { headers: { 'last-event-id': got.id! } });
    try {
      const ready = await again.next('ready');
      // the replay comes before ready, which carries the newest id sent
      expect(again.all().map((e) => e.event)).toEqual(['notification', 'ready']);
      expect(ready.id).toBe(String(missed[2]));
      expect(ready.data.unread_count).toBe(4);
      const { sent, live } = await allSentThenLive(again, a.id);
      expect(sent).toEqual([...missed, live]);
      expect(sent.some((id) => strangers.includes(id))).toBe(false);
    } finally {
      again.close();
    }
  });

  it('notifications committed while the stream opens, from concurrent transactions, arrive once each', async () => {
    const a = await person('Resume Race');
    const [mark] = await give(a.id);
    const writes = Promise.all(Array.from({ length: 8 }, () => give(a.id, 2)));
    const stream = openSseStream(hub.url, a.token, { headers: { 'last-event-id': String(mark) } });
    try {
      const written = (await writes).flat().sort((x, y) => x - y);
      await notificationsUntil(stream, written.at(-1)!);
      const { sent, live } = await allSentThenLive(stream, a.id);
      expect(sent).toEqual([...written, live]);
    } finally {
      stream.close();
    }
  });

  it('a second writer for the same person waits until the first commits, so ids become visible in order', async () => {
    const a = await person('Resume Order');
    const stream = openSseStream(hub.url, a.token);
    try {
      await stream.next('ready');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let firstId = 0;
      const first = hub.db.transaction(async (tx) => {
        [{ id: firstId }] = await notify(tx, [a.id], { kind: 'check_in_reminder', title: 'Weekly check-in', body: 'Held open', link: '/objective-tracking/objectives' });
        await gate;
      });
      while (firstId === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      let secondDone = false;
      const second = give(a.id).then((ids) => {
        secondDone = true;
        return ids;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // committed first with the higher id, it would be sent and the held one skipped for good
      expect(secondDone).toBe(false);
      release();
      await first;
      const [secondId] = await second;
      expect(secondId).toBeGreaterThan(firstId);
      const { sent, live } = await allSentThenLive(stream, a.id);
      expect(sent).toEqual([firstId, secondId, live]);
    } finally {
      stream.close();
    }
  });

  it('?last_event_id= resumes a new EventSource; the header, when sent too, wins', async () => {
    const a = await person('Resume Query');
    const [mark] = await give(a.id);
    const missed = await give(a.id, 2);
    const byQuery = openSseStream(hub.url, a.token, { query: `?last_event_id=${mark}` });
    try {
      await byQuery.next('ready');
      expect(itemIds(byQuery.all().filter((e) => e.event === 'notification'))).toEqual(missed);
    } finally {
      byQuery.close();
    }
    const both = openSseStream(hub.url, a.token, { query: `?last_event_id=${mark}`, headers: { 'last-event-id': String(missed[0]) } });
    try {
      await both.next('ready');
      expect(itemIds(both.all().filter((e) => e.event === 'notification'))).toEqual([missed[1]]);
    } finally {
      both.close();
    }
  });

  it('another person’s id as Last-Event-ID replays only one’s own', async () => {
    const a = await person('Resume Own A');
    const b = await person('Resume Own B');
    const mine = await give(b.id, 2);
    const [theirs] = await give(a.id);
    const stream = openSseStream(hub.url, b.token, { headers: { 'last-event-id': '0' } });
    try {
      await stream.next('ready');
      const ids = itemIds(stream.all().filter((e) => e.event === 'notification'));
      expect(ids).toEqual(mine);
      expect(ids).not.toContain(theirs);
    } finally {
      stream.close();
    }
  });

  it('a second hub on the same database resumes where the first left off', async () => {
    const other = await buildApp({ database: hub.database, logger: false, webRoot: null });
    const otherUrl = (await other.listen({ port: 0, host: '127.0.0.1' })).replace(/\/+$/, '');
    const a = await person('Resume Across');
    try {
      const first = openSseStream(hub.url, a.token);
      const ready = await first.next('ready');
      first.close();
      const missed = await give(a.id, 2);
      const again = openSseStream(otherUrl, a.token, { headers: { 'last-event-id': ready.id! } });
      try {
        await again.next('ready');
        const { sent, live } = await allSentThenLive(again, a.id);
        expect(sent).toEqual([...missed, live]);
      } finally {
        again.close();
      }
    } finally {
      await other.close();
    }
  });
});

describe('bounds and bad input', () => {
  /** n rows for one person in one statement (no stream is open to wake). */
  const bulk = async (userId: number, n: number) =>
    (await hub.db.insert(notifications).values(Array.from({ length: n }, (_, i) => ({ userId, kind: 'check_in_reminder' as const, title: 'Bulk', body: `Bulk ${i}`, link: '/objective-tracking/objectives' })))
      .returning({ id: notifications.id })).map((r) => r.id).sort((x, y) => x - y);

  it(`replays up to ${NOTIFICATION_REPLAY_CAP} missed; past that sends one resync with the newest id instead`, async () => {
    const a = await person('Replay Cap');
    const missed = await bulk(a.id, NOTIFICATION_REPLAY_CAP);
    const full = openSseStream(hub.url, a.token, { headers: { 'last-event-id': '0' } });
    try {
      const ready = await full.next('ready');
      const events = full.all().filter((e) => e.event === 'notification');
      expectIdsOf(events);
      expect(itemIds(events)).toEqual(missed);
      expect(events.every((e) => notificationStreamEventSchema.parse(camelize(e.data)).items.length <= 20)).toBe(true);
      expect(ready.id).toBe(String(missed.at(-1)));
    } finally {
      full.close();
    }
    const [newest] = await bulk(a.id, 1);
    const over = openSseStream(hub.url, a.token, { headers: { 'last-event-id': '0' } });
    try {
      const ready = await over.next('ready');
      expect(over.all().map((e) => [e.event, e.id])).toEqual([['resync', String(newest)], ['ready', String(newest)]]);
      expect(ready.data.unread_count).toBe(NOTIFICATION_REPLAY_CAP + 1);
      const { sent, live } = await allSentThenLive(over, a.id);
      expect(sent).toEqual([live]);
    } finally {
      over.close();
    }
  });

  it('a Last-Event-ID the hub did not write is answered with resync, never an error', async () => {
    const a = await person('Bad Header');
    const [newest] = await give(a.id);
    // 2000000000: an id, but past any this database has issued (a backup restored under the client)
    for (const bad of ['abc', '-1', '1.5', '1e3', '0x10', '2147483648', '99999999999999999999', '5\u00e9', 'x'.repeat(4000), '2000000000']) {
      const stream = openSseStream(hub.url, a.token, { headers: { 'last-event-id': bad } });
      try {
        expect((await stream.response).status).toBe(200);
        await stream.next('ready');
        expect(stream.all().map((e) => [e.event, e.id])).toEqual([['resync', String(newest)], ['ready', String(newest)]]);
      } finally {
        stream.close();
      }
    }
  });

  it('a NUL in Last-Event-ID or a huge header is refused before the hub (4xx, not 5xx)', async () => {
    const a = await person('Raw Header');
    const raw = (header: string) =>
      new Promise<number>((resolve, reject) => {
        const { port } = new URL(hub.url);
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(`GET /api/notifications/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${a.token}\r\nLast-Event-ID: ${header}\r\nConnection: close\r\n\r\n`);
        });
        let answer = '';
        socket.setEncoding('latin1').on('data', (chunk: string) => {
          answer += chunk;
          const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
          if (status) {
            socket.destroy();
            resolve(Number(status[1]));
          }
        });
        socket.on('error', reject);
      });
    for (const header of ['1\u0000', '\u00002', 'x'.repeat(70_000)]) {
      const status = await raw(header);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
  });

  it('?last_event_id= that is not a notification id is a 400 naming it', async () => {
    const a = await person('Bad Query');
    for (const bad of ['abc', '-1', '1.5', '2147483648', '%00']) {
      const res = await hub.get(`/api/notifications/stream?last_event_id=${bad}`, { token: a.token, headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(400);
      expect((res.body as { errors: Array<{ field?: string }> }).errors[0].field).toBe('last_event_id');
    }
  });
});

if (onPostgres) {
  describe('hub processes on one PostgreSQL', () => {
    let target: HubTarget;
    const hubs: HubProcess[] = [];
    let client: pg.Client;

    beforeAll(async () => {
      target = await freshTarget('hub_sse_resume');
      hubs.push(...(await Promise.all([startHubProcess({ target }), startHubProcess({ target })])));
      client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
    }, 240_000);
    afterAll(async () => {
      await client?.end();
      await Promise.all(hubs.map((h) => h.kill('SIGKILL')));
      await target?.drop();
    });

    /** n notifications written as another hub would: rows, then the NOTIFY. */
    const giveSql = async (userId: number, n: number): Promise<number[]> => {
      const { rows } = await client.query<{ id: number }>(
        `insert into notifications (user_id, kind, title, body, link)
         select $1, 'check_in_reminder', 'Weekly check-in', 'Across hubs ' || g, '/objective-tracking/objectives' from generate_series(1, $2) g returning id`,
        [userId, n],
      );
      await client.query(`select pg_notify('hub_notifications', $1)`, [String(userId)]);
      return rows.map((r) => r.id).sort((x, y) => x - y);
    };

    it('a client of hub A that is stopped reconnects to hub B, then to A restarted, and misses nothing', { timeout: 240_000 }, async () => {
      const [a, b] = hubs;
      const { token, userId } = await signIn(a.url, 'member');
      const onA = openSseStream(a.url, token);
      await onA.next('ready');
      const [live] = await giveSql(userId, 1);
      const seen = await onA.next('notification');
      expect(seen.id).toBe(String(live));
      // hub A drains: its streams end, as a rolling restart does
      await a.kill('SIGTERM');
      await onA.done;
      expect(onA.isEnded()).toBe(true);

      const whileAway = await giveSql(userId, 3);
      const onB = openSseStream(b.url, token, { headers: { 'last-event-id': seen.id! } });
      await onB.next('ready');
      const [liveOnB] = await giveSql(userId, 1);
      await notificationsUntil(onB, liveOnB);
      const fromB = onB.all().filter((e) => e.event === 'notification');
      expectIdsOf(fromB);
      expect(itemIds(fromB)).toEqual([...whileAway, liveOnB]);
      onB.close();

      const restarted = await startHubProcess({ target });
      hubs.push(restarted);
      const later = await giveSql(userId, 2);
      const onRestarted = openSseStream(restarted.url, token, { headers: { 'last-event-id': fromB.at(-1)!.id! } });
      try {
        await onRestarted.next('ready');
        const [last] = await giveSql(userId, 1);
        await notificationsUntil(onRestarted, last);
        const events = onRestarted.all().filter((e) => e.event === 'notification');
        expectIdsOf(events);
        expect(itemIds(events)).toEqual([...later, last]);
      } finally {
        onRestarted.close();
      }
    });
  });
}
