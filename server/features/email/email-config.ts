import { readFileSync } from 'node:fs';

// docs/operations.md 'E-mail' → 'Configuration': the hub's SMTP relay, its From address and the
// address its links point to, from the environment. A setting that is there but wrong stops the
// hub with a message; no HUB_SMTP_URL at all means the hub sends no e-mail, and says so.

export interface EmailConfig {
  host: string;
  port: number;
  /** smtps:// (TLS from the first byte, 465) */
  secure: boolean;
  user: string | null;
  password: string | null;
  /** STARTTLS required: always, except to a loopback relay */
  requireTls: boolean;
  /** a CA to trust for the relay's certificate (HUB_SMTP_CA_FILE: a company's own CA) */
  ca: string | null;
  /** 'Bitstone Hub <hub@company.example>' */
  from: string;
  /** the domain of the From address: the messages' ids are <…@domain> */
  fromDomain: string;
  /** where links in e-mails point: https://hub.company.example */
  publicUrl: string;
  /** the company's name at the top of every message (HUB_COMPANY_NAME, default Bitstone) */
  company: string;
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
  /** how long a message being sent is held by its hub (HUB_OUTBOX_LEASE_SECONDS) */
  outboxLeaseMs: number;
}

export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/** The address inside 'Name <address>' or a bare address. */
function addressOf(from: string): string | null {
  const inBrackets = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  const bare = /^[^<>\s]+@[^<>\s]+$/.exec(from.trim());
  return inBrackets?.[1] ?? bare?.[0] ?? null;
}

/** null: no HUB_SMTP_URL, so no e-mail. Throws on a setting that is there and wrong. */
export function emailConfigFromEnv(env: NodeJS.ProcessEnv): EmailConfig | null {
  const raw = env.HUB_SMTP_URL;
  if (!raw) {
    if (env.HUB_MAIL_FROM || env.HUB_DKIM_DOMAIN) throw new Error('HUB_MAIL_FROM and HUB_DKIM_* need HUB_SMTP_URL: the relay the hub sends e-mail through');
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('HUB_SMTP_URL must be smtp://user:password@host:587 or smtps://user:password@host:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`HUB_SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  const secure = url.protocol === 'smtps:';
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const from = env.HUB_MAIL_FROM ?? '';
  const address = addressOf(from);
  if (!address) throw new Error("HUB_MAIL_FROM must be the hub's sender, e.g. 'Bitstone Hub <hub@company.example>'");
  const publicUrl = (env.HUB_PUBLIC_URL ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+/.test(publicUrl)) throw new Error('HUB_PUBLIC_URL must be the address people open the hub at, e.g. https://hub.company.example: links in e-mails point there');
  return {
    host,
    port,
    secure,
    user: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
    requireTls: !secure && !isLoopbackHost(host),
    ca: env.HUB_SMTP_CA_FILE ? readFileSync(env.HUB_SMTP_CA_FILE, 'utf8') : null,
    from,
    fromDomain: address.split('@')[1],
    publicUrl,
    company: env.HUB_COMPANY_NAME || 'Bitstone',
    dkim: dkimFromEnv(env),
    outboxLeaseMs: leaseFromEnv(env.HUB_OUTBOX_LEASE_SECONDS),
  };
}

/**
 * How long a hub holds a message it is sending before another hub (or itself, restarted) may take
 * it again: longer than the relay ever takes to answer, short enough that a hub killed mid-send
 * delays its messages little. 2 minutes unless HUB_OUTBOX_LEASE_SECONDS says otherwise.
 */
function leaseFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 120_000;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) throw new Error('HUB_OUTBOX_LEASE_SECONDS must be a whole number of seconds from 1 to 3600');
  return seconds * 1000;
}

function dkimFromEnv(env: NodeJS.ProcessEnv): EmailConfig['dkim'] {
  const domainName = env.HUB_DKIM_DOMAIN;
  const keySelector = env.HUB_DKIM_SELECTOR;
  const privateKey = env.HUB_DKIM_PRIVATE_KEY_FILE ? readFileSync(env.HUB_DKIM_PRIVATE_KEY_FILE, 'utf8') : env.HUB_DKIM_PRIVATE_KEY;
  if (!domainName && !keySelector && !privateKey) return null;
  if (!domainName || !keySelector || !privateKey) throw new Error('DKIM signing needs HUB_DKIM_DOMAIN, HUB_DKIM_SELECTOR and HUB_DKIM_PRIVATE_KEY_FILE (or HUB_DKIM_PRIVATE_KEY) together');
  return { domainName, keySelector, privateKey };
}

/** What Admin → E-mail shows of the configuration: everything but the password and the key. */
export function describeConfig(config: EmailConfig) {
  return {
    host: config.host,
    port: config.port,
    security: config.secure ? ('tls' as const) : config.requireTls ? ('starttls' as const) : ('starttls_if_offered' as const),
    user: config.user,
    from: config.from,
    publicUrl: config.publicUrl,
    dkimDomain: config.dkim?.domainName ?? null,
  };
}
