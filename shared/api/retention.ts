import { z } from 'zod';
import { LATER_RETENTION_KINDS, PURGED_KINDS, RETENTION_KINDS, RETENTION_RULES, retentionMessage, type PurgedKind, type RetentionKind } from '../rules/retention';
import { envelope } from './common';

// Retention (docs/personal-data.md 'How long'): GET/PUT /admin/retention (the periods), GET
// /admin/retention/runs (what the scheduled job removed) and POST /admin/retention/runs (Run now),
// admins only.

/** Days, or null (keep for ever) where the kind allows it; every fault answers the kind's one message. */
function periodSchema(kind: RetentionKind) {
  const rule = RETENTION_RULES[kind];
  const message = retentionMessage(kind);
  const days = z.number({ error: message }).int(message).min(rule.minDays, message).max(rule.maxDays, message);
  return rule.forever ? days.nullable() : days;
}

const later = (kind: RetentionKind) => (LATER_RETENTION_KINDS as readonly RetentionKind[]).includes(kind);
const periodsShape = Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, later(kind) ? periodSchema(kind).optional() : periodSchema(kind)])) as {
  [K in RetentionKind]: K extends (typeof LATER_RETENTION_KINDS)[number] ? z.ZodOptional<ReturnType<typeof periodSchema>> : ReturnType<typeof periodSchema>;
};

/** PUT: every period at once, as the form sends them (a kind added later may be left out: it keeps its period). */
export const retentionBodySchema = z.object(periodsShape);
export type RetentionBody = z.infer<typeof retentionBodySchema>;

export const retentionSettingsSchema = z.object({
  periods: z.object(Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, z.number().int().nullable()])) as Record<RetentionKind, z.ZodNullable<z.ZodNumber>>),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
export const retentionSettingsResponseSchema = envelope(retentionSettingsSchema);

export const retentionRunSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** the hub that ran it (host and address), so a deployment of several hubs can tell */
  hub: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  removed: z.object(Object.fromEntries(PURGED_KINDS.map((kind) => [kind, z.number().int()])) as Record<PurgedKind, z.ZodNumber>),
  /** archived people past their period the admins were told about in this run */
  reminded: z.number().int(),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;
export const retentionRunsResponseSchema = envelope(z.object({ runs: z.array(retentionRunSchema) }));
/** POST /admin/retention/runs: Run now, answered when the run is done. */
export const retentionRunResponseSchema = envelope(z.object({ run: retentionRunSchema }));

/** How many runs Admin → Retention lists. */
export const RETENTION_RUNS_SHOWN = 10;
