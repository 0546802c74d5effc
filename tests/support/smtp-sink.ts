import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { makeCertificates } from './tls-ca';

// A real SMTP server on a loopback port for the e-mail tests: smtp-server with STARTTLS on a
// throwaway certificate, every message it accepts read back with mailparser. It can refuse the
// next messages with a chosen SMTP code (a 4xx 'try later', a 5xx refusal), and stop and start
// again on the same port (the relay down, then back).

export interface ReceivedMail {
  parsed: ParsedMail;
  /** the raw message as it arrived */
  raw: string;
  /** whether the session had switched to TLS (STARTTLS) when the message came */
  secure: boolean;
  envelopeTo: string[];
}

export interface SmtpSink {
  port: number;
  /** the CA that signed the sink's certificate (HUB_SMTP_CA_FILE) */
  caFile: string;
  received: ReceivedMail[];
  /** The next `count` messages are answered with this code and text instead of being accepted. */
  refuseNext(count: number, code: number, text?: string): void;
  /**
   * Holds the next message's answer (the hub is then mid-send) until `release()`; resolves with the
   * raw message once one is held. A connection cut while held leaves the message unaccepted, as a real relay would.
   */
  holdNext(): Promise<string>;
  /** Resolves once the connection of the message held has closed (its sender killed). */
  heldConnectionClosed(): Promise<void>;
  release(): void;
  /** Resolves once `count` messages have arrived in all (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
  /** Listens again on the same port after stop(). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The relay's one account: the hub signs in with it (AUTH over the TLS session). */
export const SINK_USER = { user: 'hub', pass: 'relay-secret' };

export async function startSmtpSink(): Promise<SmtpSink> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-smtp-'));
  const certs = makeCertificates(dir, 'localhost');
  const received: ReceivedMail[] = [];
  const refusals: Array<{ code: number; text: string }> = [];
  const waiters: Array<() => void> = [];
  const closedSessions = new Set<string>();
  const closeWaiters = new Map<string, () => void>();
  let heldSession: string | null = null;
  let hold: { held: (raw: string) => void; released: Promise<void>; release: () => void } | null = null;
  let port = 0;
  let server: SMTPServer | null = null;

  const make = () =>
    new SMTPServer({
      secure: false,
      key: readFileSync(certs.keyFile),
      cert: readFileSync(certs.chainFile),
      authOptional: true,
      logger: false,
      // stop() is the relay going down: open connections are cut, not waited for
      closeTimeout: 50,
      onAuth(auth, _session, callback) {
        if (auth.username === SINK_USER.user && auth.password === SINK_USER.pass) callback(null, { user: auth.username });
        else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onClose(session) {
        closedSessions.add(session.id);
        closeWaiters.get(session.id)?.();
      },
      onData(stream, session: SMTPServerSession, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          if (hold) {
            const { held, released } = hold;
            heldSession = session.id;
            held(Buffer.concat(chunks).toString('utf8'));
            await released;
            hold = null;
            // the hub was killed meanwhile: nothing was accepted
            if (closedSessions.has(session.id)) return;
          }
          const refusal = refusals.shift();
          if (refusal) {
            const error = new Error(refusal.text) as Error & { responseCode: number };
            error.responseCode = refusal.code;
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          void simpleParser(raw).then((parsed) => {
            received.push({ parsed, raw, secure: Boolean(session.secure), envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
            for (const wake of waiters.splice(0)) wake();
            callback();
          }, callback);
        });
      },
    });

  const start = async () => {
    server = make();
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  };
  const stop = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await start();

  return {
    get port() {
      return port;
    },
    caFile: certs.caFile,
    received,
    refuseNext(count, code, text = code >= 500 ? 'Mailbox unavailable' : 'Try again later') {
      for (let i = 0; i < count; i += 1) refusals.push({ code, text });
    },
    holdNext() {
      return new Promise<string>((held) => {
        let release = () => {};
        const released = new Promise<void>((resolve) => { release = resolve; });
        hold = { held, released, release };
      });
    },
    heldConnectionClosed() {
      const id = heldSession;
      if (id === null) return Promise.reject(new Error('no message is held'));
      if (closedSessions.has(id)) return Promise.resolve();
      return new Promise<void>((resolve) => closeWaiters.set(id, resolve));
    },
    release() {
      hold?.release();
    },
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = until - Date.now();
        if (left <= 0) throw new Error(`the SMTP sink got ${received.length} messages, not ${count}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
