import { z } from 'zod';
import { envelope, isoDateSchema, pagedSchema, refSchema } from './common';

// GET /audit (design §4 admin extras): every admin change, newest first, paged on the hub.

// desktop_release: the required mark and uploads of Admin → Desktop app
export const AUDIT_ENTITIES = ['user', 'team', 'job', 'role', 'link', 'setting', 'desktop_release', 'api_token'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const auditQuerySchema = z.object({
  actor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(15),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: refSchema.nullable(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** the personal API token the change was made with; null when signed in (docs/api.md 'API tokens') */
  apiToken: refSchema.nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = envelope(pagedSchema(auditEntrySchema));
/** GET /audit/actors: who has changed something (the actor filter's choices). */
export const auditActorsResponseSchema = envelope(z.object({ items: z.array(refSchema) }));
