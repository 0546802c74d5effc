import { z } from 'zod';
import { EVALUATION_MESSAGES as M } from '../rules/objective-messages';
import { RATING_OUT_OF_SCALE, RATINGS } from '../rules/evaluation-scale';
import { envelope, refSchema } from './common';

// objective-tracking §3, §5, §7: evaluations. One form schema for the hub and the dialog, so
// each §5 message (including 'Targes is required') is typed once, in objective-messages.ts.

const rating = (message: string) =>
  z.string({ error: message }).trim().min(1, message).pipe(z.enum(RATINGS, { error: RATING_OUT_OF_SCALE }));

export const evaluationFormSchema = z.object({
  technicalExpertise: rating(M.technicalExpertise),
  teamwork: rating(M.teamwork),
  flexibility: rating(M.flexibility),
  resultsFocus: rating(M.resultsFocus),
  languages: rating(M.languages),
  continualLearning: rating(M.continualLearning),
  safetyFocus: rating(M.safetyFocus),
  communication: rating(M.communication),
  initiative: rating(M.initiative),
  openDiscussion: rating(M.openDiscussion),
  targets: z.string({ error: M.targets }).trim().min(1, M.targets).max(5000, 'Must be at most 5000 characters'),
});
export type EvaluationForm = z.infer<typeof evaluationFormSchema>;

const userId = z.number({ error: 'Employee is required' }).int().positive().max(2_147_483_647);

/** POST /employee-details: the values and the evaluated user; the author is the caller. */
export const createEvaluationSchema = evaluationFormSchema.extend({ userId });
export type CreateEvaluationBody = z.infer<typeof createEvaluationSchema>;

const entityId = z.number({ error: 'Evaluation is required' }).int().positive().max(2_147_483_647);
/** spec §7 PUT /employee-details: the values and entityId (PUT /employee-details/:id is the same call). */
export const updateEvaluationSchema = evaluationFormSchema.extend({ entityId });
/** spec §7 DELETE /employee-details: entityId (DELETE /employee-details/:id is the same call). */
export const deleteEvaluationSchema = z.object({ entityId });

export const evaluationSchema = z.object({
  id: z.number().int(),
  user: refSchema,
  author: refSchema,
  createdAt: z.string(),
  technicalExpertise: z.string(),
  teamwork: z.string(),
  flexibility: z.string(),
  resultsFocus: z.string(),
  languages: z.string(),
  continualLearning: z.string(),
  safetyFocus: z.string(),
  communication: z.string(),
  initiative: z.string(),
  openDiscussion: z.string(),
  targets: z.string(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

/** The user summary card of the employee-details page. */
export const employeeSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  imagePath: z.string().nullable(),
  job: refSchema.nullable(),
  team: z.array(refSchema),
  teamlead: refSchema.nullable(),
  joinDate: z.string().nullable(),
});
export type EmployeeSummary = z.infer<typeof employeeSummarySchema>;

export const employeeIdParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
export const evaluationListQuerySchema = z.object({ userId: z.coerce.number({ error: 'Employee is required' }).int().positive().max(2_147_483_647) });

/** GET /employee-details/:userId: the summary, the evaluations (newest first), and whether I may write. */
export const employeeDetailsResponseSchema = envelope(
  z.object({ user: employeeSummarySchema, items: z.array(evaluationSchema), canWrite: z.boolean() }),
);
export const evaluationListResponseSchema = envelope(z.object({ items: z.array(evaluationSchema) }));
export const evaluationResponseSchema = envelope(evaluationSchema);
export const evaluationDeletedResponseSchema = envelope(z.object({ removed: z.literal(true), id: z.number().int() }));

export const EVALUATION_NOT_FOUND = 'There is no such evaluation.';
export const EMPLOYEE_NOT_FOUND = 'There is no active member with this id.';
export const evaluationsExportFile = (name: string) => `${name} evaluations.xlsx`;
