import { z } from 'zod';
import { envelope } from './common';

/** GET /health: the database answers and every committed migration is applied. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
  // what the desktop app compares with its own (shared/rules/app-compat.ts)
  /** the hub's release (package.json) */
  version: z.string(),
  /** raised on every breaking API change */
  apiLevel: z.number().int().nonnegative(),
  /** the oldest app version the hub serves; older ones are answered 426 */
  minAppVersion: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
export const healthResponseSchema = envelope(healthSchema);

export const HEALTH_MESSAGES = {
  databaseDown: 'The hub database is not reachable.',
  migrationsPending: 'The hub database is not up to date.',
} as const;

/**
 * GET /health/ready: whether a load balancer or a rolling restart should send this hub
 * work. /health stays the liveness check; readiness also fails while the hub drains.
 */
export const readySchema = z.object({ status: z.literal('ready') });
export type Ready = z.infer<typeof readySchema>;
export const readyResponseSchema = envelope(readySchema);

export const READY_MESSAGES = {
  draining: 'Not ready: the hub is shutting down.',
  migrationsPending: 'Not ready: the hub database is not up to date.',
  databaseDown: 'Not ready: the hub database is not reachable.',
} as const;
