import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camelize, snakify } from '../../shared/api/case';
import { changePasswordBodySchema, passwordChangedResponseSchema } from '../../shared/api/passwords';
import { call, freshTarget, signIn, startHubProcess, type HubProcess, type HubTarget } from '../support/hub-process';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

// The outbox survives its hub (docs/operations.md 'The outbox'): a hub process killed while its
// relay holds a message unanswered, the message committed but not yet accepted, and a hub started
// again on the same data sends it once the lease lapses, once, with the same Message-ID. PGlite in
// a folder here; in 'api-pg' the hub dies and PostgreSQL lives.

let sink: SmtpSink;
let target: HubTarget;
let hub: HubProcess | undefined;

beforeAll(async () => {
  sink = await startSmtpSink();
  target = await freshTarget('hub-email');
});
afterAll(async () => {
  await hub?.kill('SIGKILL');
  await target?.drop();
  await sink?.close();
});

const env = () => ({
  HUB_SMTP_URL: `smtp://hub:relay-secret@127.0.0.1:${sink.port}`,
  HUB_MAIL_FROM: 'Bitstone Hub <hub@bitstone.test>',
  HUB_PUBLIC_URL: 'https://hub.bitstone.test',
  HUB_SMTP_CA_FILE: sink.caFile,
  // a killed hub's message is taken again after this long
  HUB_OUTBOX_LEASE_SECONDS: '2',
});

describe('a hub killed between the commit and the relay', () => {
  it('sends the message exactly once after a restart, with the same Message-ID', { timeout: 120_000 }, async () => {
    hub = await startHubProcess({ target, env: env() });
    const { token } = await signIn(hub.url, 'member');
    const held = sink.holdNext();
    const changed = await call(hub.url, 'POST', '/api/auth/password', {
      token, body: snakify(changePasswordBodySchema.parse({ currentPassword: 'demo', newPassword: 'a much longer secret 2026' })),
    });
    expect(changed.status).toBe(200);
    passwordChangedResponseSchema.parse(camelize(changed.body));
    // the relay has the whole message and has not said 250: the hub is mid-send
    const first = await held;
    await hub.kill('SIGKILL');
    await sink.heldConnectionClosed();
    sink.release();
    expect(sink.received).toEqual([]);

    hub = await startHubProcess({ target, env: env() });
    const [mail] = await sink.waitFor(1, 30_000);
    expect(mail.parsed.subject).toBe('Your hub password was changed');
    // and no second copy: a few more of the sender's polls go by
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(sink.received.map((m) => m.parsed.subject)).toEqual(['Your hub password was changed']);
    expect(mail.parsed.messageId).toMatch(/@bitstone\.test>$/);
    expect(first).toContain(`Message-ID: ${mail.parsed.messageId}`);
  });
});
