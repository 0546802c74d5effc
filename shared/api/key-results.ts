import { z } from 'zod';
import { OBJECTIVE_MESSAGES as M } from '../rules/objective-messages';
import { TEXT_LIMITS } from '../rules/text-limits';
import { envelope } from './common';
import { KEY_RESULT_ACTIONS } from '../rules/key-result-rules';
import { calendarDaySchema, keyResultSchema, prioritySchema, versionSchema, versionWithEdits } from './objectives';

// objective-tracking §5 (key result form), §7 (POST /objective/{id}, GET/PUT/DELETE /key-result).

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** POST /objective/:id (new key result); owner, author and objective come from the hub. */
export const keyResultCreateSchema = z.object({
  title: requiredText(M.title, TEXT_LIMITS.title),
  description: requiredText(M.description, TEXT_LIMITS.description),
  /** §5: defaults to the objective's priority on create */
  priority: prioritySchema.optional(),
  deadline: z.string({ error: M.deadline }).min(1, M.deadline).pipe(calendarDaySchema),
});
export type KeyResultCreate = z.input<typeof keyResultCreateSchema>;

export { KEY_RESULT_ACTIONS, type KeyResultAction } from '../rules/key-result-rules';

/** The fields an edit may change: those of the form. */
export const KEY_RESULT_EDIT_FIELDS = Object.keys(keyResultCreateSchema.shape) as Array<keyof typeof keyResultCreateSchema.shape>;

/**
 * PUT /key-result/:id: fields and/or complete (with a completion score) or start. Edited fields
 * carry the version they were read at (see versionSchema); an action alone is checked
 * against the key result's status (keyResultActionFor) and the version only when sent.
 */
export const keyResultUpdateSchema = keyResultCreateSchema
  .partial()
  .extend({
    action: z.enum(KEY_RESULT_ACTIONS).optional(),
    /** §5: 0..100 in steps of 10; 100 when missing (§3) */
    percentage: z.number().int().min(0).max(100).multipleOf(10, 'The completion score goes in steps of 10').optional(),
    lastModificationDate: versionSchema.optional(),
  })
  .superRefine((value, ctx) => {
    // a score alone would be dropped without a word: it belongs to Complete
    if (value.percentage !== undefined && value.action !== 'complete') ctx.addIssue({ code: 'custom', path: ['percentage'], message: M.scoreWithoutComplete });
  })
  .superRefine(versionWithEdits(KEY_RESULT_EDIT_FIELDS));
export type KeyResultUpdate = z.input<typeof keyResultUpdateSchema>;

export const keyResultViewSchema = keyResultSchema.extend({
  readOnly: z.boolean(),
  objective: z.object({ id: z.number().int(), title: z.string(), deadline: z.string(), status: z.string() }),
});
export type KeyResultView = z.infer<typeof keyResultViewSchema>;
export const keyResultResponseSchema = envelope(keyResultViewSchema);
export const keyResultRemovedResponseSchema = envelope(z.object({ removed: z.literal(true), id: z.number().int() }));
