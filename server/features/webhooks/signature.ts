import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks signatures (docs/api.md 'Webhooks'): `v1,` + base64 HMAC-SHA256 over
// `id.timestamp.body`, keyed with the secret's decoded bytes; several space-separated while a
// rotated secret is still honoured.

const PREFIX = 'whsec_';

/** whsec_ + base64 of 32 random bytes. */
export const newSecret = () => `${PREFIX}${randomBytes(32).toString('base64')}`;

const keyOf = (secret: string) => Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');

export function signatureHeader(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`).join(' ');
}
