import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { deliverNow, queuedByChannel, startOutboxSender, type OutboxRow, type OutboxSender } from '../outbox';
import type { EmailConfig } from './email-config';
import { EMAIL_CHANNEL, setEmailSending } from './email-queue';
import { createEmailTransport, emailDeliverer } from './email-transport';

// A hub's e-mail: its relay and the outbox sender that feeds it, or nothing when HUB_SMTP_URL is
// not set. buildApp starts it when the hub is ready and stops it when the hub closes.

export interface EmailLog {
  info(message: string): void;
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface EmailService {
  readonly config: EmailConfig | null;
  readonly sender: OutboxSender | null;
  /** Tries the row at once (the test e-mail) and answers it as it stands after the attempt. */
  sendNow(id: number): Promise<OutboxRow | null>;
  close(): Promise<void>;
}

/** What the outbox tells the hub's metrics (server/metrics/hub-metrics.ts), named here so e-mail needs nothing of them. */
export interface OutboxMetrics {
  outboxDelivered(channel: string, outcome: string): void;
  countOutboxWith(depth: () => Promise<Array<{ channel: string; queued: number }>>): void;
}

export interface EmailServiceOptions {
  log: EmailLog;
  metrics: OutboxMetrics | null;
  /** false: the sender runs only when asked (tests drain it) */
  timers?: boolean;
  pollMs?: number;
}

export function startEmail(db: Db, config: EmailConfig | null, options: EmailServiceOptions): EmailService {
  if (!config) {
    setEmailSending(null);
    options.log.info('e-mail is off: HUB_SMTP_URL is not set, so the hub sends no e-mail (docs/operations.md, E-mail)');
    return { config: null, sender: null, sendNow: (id) => deliverNow(db, null, id), close: async () => {} };
  }
  setEmailSending({ idDomain: config.fromDomain, publicUrl: config.publicUrl });
  let transport: Transporter | null = null;
  const lazyTransport = () => (transport ??= createEmailTransport(config));
  const deliver = emailDeliverer(config, { sendMail: (message: Parameters<Transporter['sendMail']>[0]) => lazyTransport().sendMail(message) } as Transporter);
  const sender = startOutboxSender({
    db,
    deliverers: { [EMAIL_CHANNEL]: deliver },
    log: options.log,
    timers: options.timers,
    pollMs: options.pollMs,
    leaseMs: config.outboxLeaseMs,
    delivered: (row, outcome) => options.metrics?.outboxDelivered(row.channel, outcome),
  });
  options.metrics?.countOutboxWith(async () => {
    const queued = await queuedByChannel(db);
    return queued.some((q) => q.channel === EMAIL_CHANNEL) ? queued : [...queued, { channel: EMAIL_CHANNEL, queued: 0 }];
  });
  return {
    config,
    sender,
    sendNow: (id) => deliverNow(db, sender, id),
    async close() {
      await sender.stop();
      transport?.close();
      setEmailSending(null);
    },
  };
}
