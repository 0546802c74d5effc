import { z } from 'zod';
import { supportedRefSchema } from './alignment';
import { LISTED_STATUSES } from './objectives';
import { envelope, refSchema } from './common';

// objective-tracking §2 Timeline: the objectives the user may see with their key results, with
// the start (creation day) and deadline each bar needs. Our path: GET /timeline.

export const TIMELINE_SCOPES = ['mine', 'all'] as const;
export const timelineQuerySchema = z.object({
  scope: z.enum(TIMELINE_SCOPES).default('all'),
  status: z.enum(LISTED_STATUSES).optional(),
});
export type TimelineQuery = z.input<typeof timelineQuerySchema>;

const task = {
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  priority: z.string(),
  /** creation day, YYYY-MM-DD */
  start: z.string(),
  deadline: z.string(),
  /** shared/rules/objective-progress.ts, the figure the cards show (missing from a hub of the previous release) */
  progress: z.number().int().min(0).max(100).optional(),
};
export const timelineKeyResultSchema = z.object(task);
export const timelineObjectiveSchema = z.object({
  ...task,
  owner: refSchema,
  keyResults: z.array(timelineKeyResultSchema),
  /** what it (or one of its key results) supports; null is 'a private objective' */
  supports: z.array(supportedRefSchema).default([]),
});
export type TimelineObjective = z.infer<typeof timelineObjectiveSchema>;
export type TimelineKeyResult = z.infer<typeof timelineKeyResultSchema>;

/** At most this many objectives are drawn; `truncated` says when more matched. */
export const TIMELINE_LIMIT = 1000;
export const timelineResponseSchema = envelope(z.object({ items: z.array(timelineObjectiveSchema), truncated: z.boolean() }));
