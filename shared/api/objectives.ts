import { z } from 'zod';
import { OBJECTIVE_CATEGORIES, OBJECTIVES_PAGE_SIZE, PRIORITIES, type ObjectiveCategory } from '../rules/constants';
import { OBJECTIVE_MESSAGES as M, OPEN_KEY_RESULTS_TEXT } from '../rules/objective-messages';
import { OBJECTIVE_ACTIONS } from '../rules/objective-status';
import { TEXT_LIMITS } from '../rules/text-limits';
import { alignmentLinksSchema, objectiveLevelSchema, rollupModeSchema, supportedRefSchema } from './alignment';
import { envelope, idSchema, isoDateSchema, pagedSchema, refSchema } from './common';

// objective-tracking §3, §5, §7 and design §4: the objective calls. One form schema serves the
// hub's validation and the dialog's, so each §5 message is typed once.

const CATEGORY_TUPLE = Object.keys(OBJECTIVE_CATEGORIES) as [ObjectiveCategory, ...ObjectiveCategory[]];
export const categorySchema = z.enum(CATEGORY_TUPLE, { error: M.category });
export const prioritySchema = z.enum(PRIORITIES, { error: M.priority });

/** The statuses a list may ask for: deleted objectives are gone for every screen (§4 "Delete removes"). */
export const LISTED_STATUSES = ['in progress', 'completed', 'archived', 'waiting for approval'] as const;
export type ListedStatus = (typeof LISTED_STATUSES)[number];

/** §2: Sort by creation date, category, deadline or title; deadline by default (§9). */
export const SORT_CRITERIA = ['creationDate', 'category', 'deadline', 'title'] as const;
export type SortCriterion = (typeof SORT_CRITERIA)[number];
export const SORT_LABELS: Record<SortCriterion, string> = {
  creationDate: 'Creation date',
  category: 'Category',
  deadline: 'Deadline',
  title: 'Title',
};

/** Kept as a name for the objective routes; the calendar check lives in common's isoDateSchema. */
export const calendarDaySchema = isoDateSchema;

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const requiredId = (message: string) => idSchema(message);

/** §5: the subcategory lists depend on the category. */
export function subcategoriesOf(category: string | null | undefined): readonly string[] {
  return category && category in OBJECTIVE_CATEGORIES ? OBJECTIVE_CATEGORIES[category as ObjectiveCategory] : [];
}

export const objectiveFormShape = z.object({
  title: requiredText(M.title, TEXT_LIMITS.title),
  teamId: requiredId(M.team),
  ownerId: requiredId(M.assignee),
  description: requiredText(M.description, TEXT_LIMITS.description),
  category: categorySchema,
  subcategory: requiredText(M.subcategory, 100),
  priority: prioritySchema,
  /** §5: optional, today by default on create */
  deadline: calendarDaySchema.optional(),
  isPublic: z.boolean().default(false),
});

function subcategoryBelongs(value: { category?: string; subcategory?: string }, ctx: z.RefinementCtx) {
  if (value.category === undefined || value.subcategory === undefined) return;
  if (!subcategoriesOf(value.category).includes(value.subcategory)) {
    ctx.addIssue({ code: 'custom', path: ['subcategory'], message: M.subcategoryMismatch });
  }
}

/** POST /objective; the New objective dialog validates with the same schema. */
export const objectiveFormSchema = objectiveFormShape.superRefine(subcategoryBelongs);
export type ObjectiveForm = z.input<typeof objectiveFormSchema>;

/**
 * POST /alignment/objectives: a team or company objective, the personal form's fields
 * plus its level. A team objective names its team (the hub answers 'Team is required' without
 * one); a company objective belongs to no team and any team sent is ignored.
 */
export const levelObjectiveFormSchema = objectiveFormShape
  .omit({ teamId: true })
  .extend({
    level: z.enum(['team', 'company'], { error: 'Level must be team or company' }),
    teamId: requiredId(M.team).nullable().optional(),
  })
  .superRefine(subcategoryBelongs);
export type LevelObjectiveForm = z.input<typeof levelObjectiveFormSchema>;

/** The fields an edit may change: those of the form (PUT /objective/:id sends any of them). */
export const OBJECTIVE_EDIT_FIELDS = Object.keys(objectiveFormShape.shape) as Array<keyof typeof objectiveFormShape.shape>;

/**
 * Optimistic concurrency, so no edit blindly overwrites another: the lastModificationDate the
 * editor read, which the hub compares with the row's (409 when it moved). Required with any
 * edited field, so no client overwrites a change it never saw. A status action alone is a
 * command checked against the current status (§4) and may leave it out; when sent, it is checked.
 */
export const versionSchema = z.iso.datetime({ offset: true, error: 'Last modification date must be the date and time the hub sent' });

export function versionWithEdits(fields: readonly string[]) {
  return (value: { lastModificationDate?: string }, ctx: z.RefinementCtx) => {
    if (value.lastModificationDate !== undefined) return;
    const edits = value as Record<string, unknown>;
    if (fields.some((key) => edits[key] !== undefined)) ctx.addIssue({ code: 'custom', path: ['lastModificationDate'], message: M.versionRequired });
  };
}

export const objectiveActionSchema = z.enum(OBJECTIVE_ACTIONS);
export const actionPageSchema = z.enum(['list', 'details']);

/** PUT /objective/:id: edited fields and/or a status action (§7 "fields, status"). */
export const objectiveUpdateSchema = objectiveFormShape
  .partial()
  .extend({
    isPublic: z.boolean().optional(),
    action: objectiveActionSchema.optional(),
    /** §4: the details page has its own restore variant */
    page: actionPageSchema.default('list'),
    /** the version the editor read: required with any edited field (versionWithEdits), 409 when stale */
    lastModificationDate: versionSchema.optional(),
    /**
     * With Complete: whether the key results still in progress are completed too (true) or left
     * in progress (false, and when left out). A member's request keeps the answer until the
     * request is decided; approving it acts on it.
     */
    completeKeyResults: z.boolean({ error: 'Must be true or false' }).optional(),
  })
  .superRefine(subcategoryBelongs)
  .superRefine(versionWithEdits(OBJECTIVE_EDIT_FIELDS))
  .superRefine((value, ctx) => {
    if (value.completeKeyResults !== undefined && value.action !== 'complete') {
      ctx.addIssue({ code: 'custom', path: ['completeKeyResults'], message: OPEN_KEY_RESULTS_TEXT.onlyWithComplete });
    }
  });
export type ObjectiveUpdate = z.input<typeof objectiveUpdateSchema>;

const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional();

/** GET /objective (§7 query, plus the §2 filters). */
export const objectiveListQuerySchema = z.object({
  ownerId: optionalId,
  authorId: optionalId,
  status: z.enum(LISTED_STATUSES).optional(),
  privacy: z.enum(['public', 'private']).optional(),
  teamId: optionalId,
  jobId: optionalId,
  createdFrom: calendarDaySchema.optional(),
  createdTo: calendarDaySchema.optional(),
  /** one level only (the 'Supports' picker, the alignment screens) */
  level: objectiveLevelSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(OBJECTIVES_PAGE_SIZE),
  sortCriterion: z.enum(SORT_CRITERIA).default('deadline'),
});
/** What a client sends (every key optional; the hub fills the defaults). */
export type ObjectiveListQuery = Partial<z.output<typeof objectiveListQuerySchema>>;

/**
 * GET /objective/count: how many objectives the list's filters match, exactly (the list itself
 * counts only up to its bound, "100+"). Its own call, asked only when the list stopped counting,
 * so no page waits for the count.
 */
export const objectiveCountQuerySchema = objectiveListQuerySchema.omit({ page: true, limit: true, sortCriterion: true });
export type ObjectiveCountQuery = Partial<z.output<typeof objectiveCountQuerySchema>>;
export const objectiveCountResponseSchema = envelope(z.object({ total: z.number().int().min(0) }));

/** §3: author and owner travel as objects with id, name, team and email. */
export const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  team: refSchema.nullable(),
});
export type Person = z.infer<typeof personSchema>;

export const keyResultSchema = z.object({
  id: z.number().int(),
  objectiveId: z.number().int(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(PRIORITIES),
  deadline: z.string(),
  status: z.string(),
  nextStatus: z.string().nullable(),
  ownerId: z.number().int(),
  authorId: z.number().int(),
  /** §3: the completion score; null until completed (shown as 100 when missing) */
  percentage: z.number().int().nullable(),
  createdAt: z.string(),
  lastModificationDate: z.string(),
});
export type KeyResult = z.infer<typeof keyResultSchema>;

export const objectiveSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  nextStatus: z.string().nullable(),
  category: z.string(),
  subcategory: z.string(),
  priority: z.enum(PRIORITIES),
  deadline: z.string(),
  createdAt: z.string(),
  lastModificationDate: z.string(),
  isPublic: z.boolean(),
  team: refSchema.nullable(),
  author: personSchema,
  owner: personSchema,
  keyResultsTotal: z.number().int(),
  keyResultsCompleted: z.number().int(),
  /**
   * shared/rules/objective-progress.ts: 100 once completed; else rolled up from what supports it
   * (rollupMode children); else the key results' latest check-ins, completed ones by their score
   */
  progress: z.number().int().min(0).max(100),
  /** §6 for the caller: hides the menu, Add KeyResult and Edit */
  readOnly: z.boolean(),
  /** §4 menu for the caller (empty when read-only) */
  availableActions: z.array(objectiveActionSchema),
  /** personal (the spec's objectives), team or company */
  level: objectiveLevelSchema.default('personal'),
  /** alignment: progress from its own key results, or rolled up from what supports it */
  rollupMode: rollupModeSchema.default('key_results'),
  /** what it (or one of its key results) supports; null is 'a private objective' */
  supports: z.array(supportedRefSchema).default([]),
  /** how many links point at it */
  supportedByCount: z.number().int().default(0),
});
export type Objective = z.infer<typeof objectiveSchema>;

export const objectiveDetailSchema = objectiveSchema.extend({
  keyResults: z.array(keyResultSchema),
  /** 'Supports …' and 'Supported by …', each end as the caller may see it */
  alignment: alignmentLinksSchema.default({ supports: [], supportedBy: [] }),
});
export type ObjectiveDetail = z.infer<typeof objectiveDetailSchema>;

/**
 * GET /objective answers a bounded total: counted up to objectivesTotalBound; when more
 * match, total is that bound and totalIsExact false ("100+ objectives").
 */
export const objectiveListResponseSchema = envelope(pagedSchema(objectiveSchema).extend({ totalIsExact: z.boolean() }));
export type ObjectiveList = z.infer<typeof objectiveListResponseSchema>['data'];
export const objectiveResponseSchema = envelope(objectiveDetailSchema);

/** DELETE, or an action that removed the objective: nothing left to show. */
export const objectiveRemovedResponseSchema = envelope(z.object({ removed: z.literal(true), id: z.number().int() }));
export const objectiveChangeResponseSchema = envelope(
  z.union([objectiveDetailSchema, z.object({ removed: z.literal(true), id: z.number().int() })]),
);

/** GET /objective/assignees?team_id= (§5 assignee choices). */
export const assigneesQuerySchema = z.object({ teamId: optionalId });
export const assigneesResponseSchema = envelope(z.object({ items: z.array(refSchema) }));

/** GET /objective/choices: what the form and the role-dependent filters (§2, §6) offer. */
export const objectiveChoicesSchema = z.object({
  /** form Team and filter Team */
  teams: z.array(refSchema),
  /** filter Assignee (lead and teams manager) */
  assignees: z.array(refSchema),
  /** filter Author (§6: a regular user: self or their team lead) */
  authors: z.array(refSchema),
  /** filter Job Title (lead and owner) */
  jobs: z.array(refSchema),
});
export type ObjectiveChoices = z.infer<typeof objectiveChoicesSchema>;
export const objectiveChoicesResponseSchema = envelope(objectiveChoicesSchema);
