import { z } from 'zod';
import { ALIGNMENT_MESSAGES as A, PRIVATE_OBJECTIVE_LABEL, ROLLUP_MODES, WEIGHT_MAX, WEIGHT_MIN } from '../rules/alignment';
import { OBJECTIVE_LEVELS } from '../rules/objective-levels';
import { envelope, idSchema, ID_MAX, isoDateSchema, refSchema } from './common';

// Alignment's levels and links (docs/api.md#alignment): the alignment calls. The objective's own
// shapes (objectives.ts) carry its level, roll-up mode and links; this file holds the link, tree
// and search shapes. It imports nothing from objectives.ts, which imports from here.

export const objectiveLevelSchema = z.enum(OBJECTIVE_LEVELS, { error: 'Level must be personal, team or company' });
export const rollupModeSchema = z.enum(ROLLUP_MODES, { error: A.rollupMode });
export const weightSchema = z.number({ error: A.weight }).int(A.weight).min(WEIGHT_MIN, A.weight).max(WEIGHT_MAX, A.weight);

/** An objective at the other end of a link, as someone who may see it sees it. */
export const linkedObjectiveSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  level: objectiveLevelSchema,
  status: z.string(),
  progress: z.number().int().min(0).max(100),
  owner: refSchema,
});
export type LinkedObjective = z.infer<typeof linkedObjectiveSchema>;

/**
 * One link as an objective's details show it ('Supports …' and 'Supported by …'). `objective` is
 * the other end, null when the caller may not see it: `label` then reads 'a private objective'
 * and nothing else about it (no id, title, owner, key result or progress) is sent.
 */
export const alignmentLinkSchema = z.object({
  id: z.number().int(),
  weight: z.number().int(),
  /** the supporting key result, when a key result (not the objective itself) supports */
  keyResult: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  objective: linkedObjectiveSchema.nullable(),
  label: z.string(),
  isPrivate: z.boolean(),
  /** the child's editors and the parent's may remove it */
  canRemove: z.boolean(),
  /** weights are the parent's editors' */
  canSetWeight: z.boolean(),
});
export type AlignmentLink = z.infer<typeof alignmentLinkSchema>;

export const alignmentLinksSchema = z.object({
  /** what this objective (or one of its key results) supports */
  supports: z.array(alignmentLinkSchema),
  /** what supports this objective */
  supportedBy: z.array(alignmentLinkSchema),
});
export type AlignmentLinks = z.infer<typeof alignmentLinksSchema>;
export const alignmentLinksResponseSchema = envelope(alignmentLinksSchema);

/** The compact form in list items: each supported objective, or null for 'a private objective'. */
export const supportedRefSchema = z.object({ id: z.number().int(), title: z.string(), level: objectiveLevelSchema }).nullable();
export type SupportedRef = z.infer<typeof supportedRefSchema>;
export { PRIVATE_OBJECTIVE_LABEL };

/** POST /objective/:id/links: the objective (or one of its key results) supports `parentId`. */
export const linkCreateSchema = z.object({
  parentId: idSchema('Choose the objective it supports'),
  keyResultId: idSchema().optional(),
});
export type LinkCreate = z.input<typeof linkCreateSchema>;

/** PUT /objective-link/:id: the parent's editors weigh what supports it. */
export const linkWeightSchema = z.object({ weight: weightSchema });
export const linkResponseSchema = envelope(alignmentLinkSchema);
export const linkRemovedResponseSchema = envelope(z.object({ removed: z.literal(true), id: z.number().int() }));

/** PUT /objective/:id/rollup. */
export const rollupChangeSchema = z.object({ mode: rollupModeSchema });

const optionalId = z.coerce.number().int().positive().max(ID_MAX).optional();

/** The tree's and the search's filters: a team, and a period the deadline falls in. */
const treeFilters = {
  teamId: optionalId,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
};

/**
 * GET /alignment/tree: one level at a time. Without `parentId` the top (company objectives, then
 * team objectives that support none); with it, what supports that objective.
 */
export const alignmentTreeQuerySchema = z.object({
  parentId: optionalId,
  ...treeFilters,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type AlignmentTreeQuery = Partial<z.output<typeof alignmentTreeQuerySchema>>;

/** The link that puts a node under its parent in the tree (absent at the top). */
const nodeLinkSchema = z.object({ id: z.number().int(), weight: z.number().int() }).nullable();

export const alignmentObjectiveNodeSchema = z.object({
  kind: z.literal('objective'),
  id: z.number().int(),
  title: z.string(),
  level: objectiveLevelSchema,
  status: z.string(),
  progress: z.number().int().min(0).max(100),
  rollupMode: rollupModeSchema,
  deadline: z.string(),
  owner: refSchema,
  team: refSchema.nullable(),
  /** links that point at it: what unfolding it would list */
  childCount: z.number().int(),
  link: nodeLinkSchema,
});
export const alignmentKeyResultNodeSchema = z.object({
  kind: z.literal('keyResult'),
  id: z.number().int(),
  objectiveId: z.number().int(),
  /** the objective the key result belongs to */
  objectiveTitle: z.string(),
  title: z.string(),
  status: z.string(),
  progress: z.number().int().min(0).max(100),
  owner: refSchema,
  link: nodeLinkSchema,
});
/** Something supports the parent that the caller may not see: shown, never named. */
export const alignmentPrivateNodeSchema = z.object({
  kind: z.literal('private'),
  label: z.string(),
  link: nodeLinkSchema,
});
export const alignmentNodeSchema = z.discriminatedUnion('kind', [alignmentObjectiveNodeSchema, alignmentKeyResultNodeSchema, alignmentPrivateNodeSchema]);
export type AlignmentNode = z.infer<typeof alignmentNodeSchema>;
export type AlignmentObjectiveNode = z.infer<typeof alignmentObjectiveNodeSchema>;

export const alignmentTreeSchema = z.object({
  /** the objective unfolded (null at the top) */
  parent: alignmentObjectiveNodeSchema.nullable(),
  items: z.array(alignmentNodeSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AlignmentTree = z.infer<typeof alignmentTreeSchema>;
export const alignmentTreeResponseSchema = envelope(alignmentTreeSchema);

/** GET /alignment/search: objectives in the tree whose title matches, each with its path from the top. */
export const alignmentSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(200, 'Must be at most 200 characters'),
  ...treeFilters,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const alignmentSearchSchema = z.object({
  items: z.array(z.object({
    /** the match */
    objective: alignmentObjectiveNodeSchema,
    /** from the top (a company objective when it reaches one) down to the match, inclusive */
    path: z.array(alignmentObjectiveNodeSchema),
  })),
});
export type AlignmentSearch = z.infer<typeof alignmentSearchSchema>;
export const alignmentSearchResponseSchema = envelope(alignmentSearchSchema);

export const CANDIDATES_MESSAGES = {
  neither: 'Give the objective, or the level of the one being created.',
  both: 'Give the objective or a level, not both.',
} as const;

/**
 * GET /alignment/candidates: what the 'Supports' picker offers. For a saved objective its
 * `objectiveId` (the hub reads its level); for one being created, which has no id yet, the
 * `level` it will have. Exactly one of the two: neither or both is refused on each field.
 */
export const alignmentCandidatesQuerySchema = z
  .object({
    objectiveId: z.coerce.number().int().positive().max(ID_MAX).optional(),
    level: objectiveLevelSchema.optional(),
    q: z.string().trim().max(200, 'Must be at most 200 characters').optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .superRefine((query, ctx) => {
    const given = (query.objectiveId !== undefined ? 1 : 0) + (query.level !== undefined ? 1 : 0);
    if (given === 1) return;
    const message = given === 0 ? CANDIDATES_MESSAGES.neither : CANDIDATES_MESSAGES.both;
    ctx.addIssue({ code: 'custom', path: ['objectiveId'], message });
    ctx.addIssue({ code: 'custom', path: ['level'], message });
  });
export type AlignmentCandidatesQuery = z.output<typeof alignmentCandidatesQuerySchema>;
export const alignmentCandidatesResponseSchema = envelope(z.object({
  items: z.array(z.object({ id: z.number().int(), title: z.string(), level: objectiveLevelSchema, owner: refSchema, team: refSchema.nullable(), deadline: z.string() })),
}));
