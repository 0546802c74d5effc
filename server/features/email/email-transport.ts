import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxRow, Delivery } from '../outbox';
import type { EmailConfig } from './email-config';
import { renderEmail, type EmailPayload } from './email-render';
import type { EmailKind } from './email-kinds';

// SMTP through nodemailer (docs/operations.md 'E-mail'): STARTTLS required except to a loopback
// relay, DKIM when configured, a small pool of connections so a burst goes out at the relay's pace.

export function createEmailTransport(config: EmailConfig): Transporter {
  return nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    requireTLS: config.requireTls,
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    tls: config.ca ? { ca: config.ca } : undefined,
    dkim: config.dkim ?? undefined,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

interface SmtpError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
}

/**
 * What a failure means for the message: an SMTP 5xx answer is the relay refusing it for good
 * (a bad address, a policy), so it fails at once and shows in Admin → E-mail; anything else (the
 * relay down, a timeout, a 4xx 'try later') is retried.
 */
export function deliveryOfError(error: unknown): Delivery {
  const e = (error ?? {}) as SmtpError;
  const said = e.response ?? e.message ?? String(error);
  const text = e.responseCode ? `${said}` : `${e.code ? `${e.code}: ` : ''}${said}`;
  return e.responseCode !== undefined && e.responseCode >= 500 && e.responseCode < 600 ? { outcome: 'failed', error: text } : { outcome: 'retry', error: text };
}

/** The outbox's 'email' channel: renders the row's message and hands it to the relay. */
export function emailDeliverer(config: EmailConfig, transport: Transporter) {
  return async (row: OutboxRow): Promise<Delivery> => {
    const payload = row.payload as unknown as EmailPayload;
    const message = await renderEmail(config, row.kind as EmailKind, payload);
    try {
      await transport.sendMail({
        from: config.from,
        to: { name: payload.toName, address: payload.to },
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: row.messageId,
      });
      return { outcome: 'sent' };
    } catch (error) {
      return deliveryOfError(error);
    }
  };
}
