import { afterAll, beforeAll, beforeEach } from 'vitest';
import { emailStatusResponseSchema } from '../../shared/api/email';
import { camelize } from '../../shared/api/case';
import { emailConfigFromEnv, type EmailConfig } from '../../server/features/email';
import { createRole, createUser, TEST_PASSWORD } from '../support/factories';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink';
import { buildWorld, type ObjectiveWorld } from './objectives-fixture';

// What the e-mail test files share: a real SMTP server on loopback with STARTTLS, the objectives
// world on a hub that relays to it, and an admin; each test sees only its own messages.

export interface EmailWorld {
  sink: SmtpSink;
  w: ObjectiveWorld;
  config: EmailConfig;
  adminToken: string;
}

/** Call at the top level of a test file: the world is there from the file's first beforeAll on. */
export function useEmailWorld(): EmailWorld {
  const world = {} as EmailWorld;
  beforeAll(async () => {
    world.sink = await startSmtpSink();
    world.config = emailConfigFromEnv({
      HUB_SMTP_URL: `smtp://hub:relay-secret@127.0.0.1:${world.sink.port}`,
      HUB_MAIL_FROM: 'Bitstone Hub <hub@bitstone.test>',
      HUB_PUBLIC_URL: 'https://hub.bitstone.test',
      HUB_SMTP_CA_FILE: world.sink.caFile,
    })!;
    world.w = await buildWorld({ email: world.config, metrics: true });
    const adminRole = await createRole(world.w.hub.db, { name: 'Administrator', capabilities: ['VIEW_ADMIN'] });
    const admin = await createUser(world.w.hub.db, { name: 'Ada Admin', roleId: adminRole.id });
    world.adminToken = (await world.w.hub.login(admin.username, TEST_PASSWORD)).token;
  });
  afterAll(async () => {
    await world.w?.hub.close();
    await world.sink?.close();
  });
  beforeEach(async () => {
    await world.w.hub.app.email.sender!.drain();
    world.sink.received.length = 0;
  });
  return world;
}

/** Admin → E-mail as `token` sees it. */
export async function emailStatus(world: EmailWorld, token = world.adminToken) {
  const res = await world.w.hub.get('/api/admin/email', { token });
  return { status: res.status, body: res.status === 200 ? emailStatusResponseSchema.parse(camelize(res.body)).data : res.body };
}

export const later = (ms: number) => new Date(Date.now() + ms);

/** A header as the message carried it (mailparser folds the List-* ones into one object). */
export function header(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line === undefined ? undefined : line.slice(line.indexOf(':') + 1).trim();
}
