import { z } from 'zod';
import { envelope } from './common';

// Settings → Sessions: the signed-in person's own sessions, each ended on its own or all
// but the current one at once.

/** Sent by the desktop app (Electron main) with every call, so its sessions read as 'desktop'. */
export const CLIENT_HEADER = 'x-hub-client';
export const SESSION_CLIENTS = ['desktop', 'web'] as const;
export type SessionClient = (typeof SESSION_CLIENTS)[number];

/** How much of a User-Agent the hub keeps: enough to name the browser, bounded for the table. */
export const USER_AGENT_MAX = 300;

export const ownSessionSchema = z.object({
  id: z.number().int(),
  client: z.enum(SESSION_CLIENTS),
  userAgent: z.string().nullable(),
  /** first seen: when the session was opened */
  createdAt: z.string(),
  /** last seen; the opening time until the session is used again */
  lastSeenAt: z.string(),
  /** the address it was last seen from (the opening one until then) */
  lastAddress: z.string().nullable(),
  /** the session making this request */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
export const ownSessionsResponseSchema = envelope(z.object({ items: z.array(ownSessionSchema) }));

export const sessionIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** DELETE /auth/sessions/:id and DELETE /auth/sessions (all but this one): how many ended. */
export const sessionsEndedResponseSchema = envelope(z.object({ ended: z.number().int() }));
