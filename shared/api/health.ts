import { z } from 'zod';
import { envelope } from './common';

/** GET /health (issue 3): the database answers and every committed migration is applied. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
});
export type Health = z.infer<typeof healthSchema>;
export const healthResponseSchema = envelope(healthSchema);

export const HEALTH_MESSAGES = {
  databaseDown: 'The hub database is not reachable.',
  migrationsPending: 'The hub database is not up to date.',
} as const;
