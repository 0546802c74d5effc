import { z } from 'zod';
import { envelope } from './common';
import { objectiveChangeResponseSchema } from './objectives';

// design §4 approvals: GET /objective/approvals (and its count), POST /objective/:id/approval, POST /approval.

/** One row of the approvals table (spec §2: Name, Team, Objective, Status). */
export const approvalRowSchema = z.object({
  id: z.number().int(),
  /** the objective's owner, who asked */
  name: z.string(),
  ownerId: z.number().int(),
  team: z.string().nullable(),
  objective: z.string(),
  status: z.string(),
  /** what approving does: completed or deleted */
  nextStatus: z.string().nullable(),
  /**
   * the member's answer with a completion request about the key results still in progress: true,
   * approving completes them too; false, they stay in progress; null, nothing was asked
   */
  completeKeyResults: z.boolean().nullable().default(null),
  lastModificationDate: z.string(),
});
export type ApprovalRow = z.infer<typeof approvalRowSchema>;
export const approvalsResponseSchema = envelope(z.object({ items: z.array(approvalRowSchema) }));
/** GET /objective/approvals/count: the rows GET /objective/approvals would list, counted (the area nav's Approvals entry). */
export const approvalsCountResponseSchema = envelope(z.object({ count: z.number().int().nonnegative() }));

export const approvalDecisionSchema = z.object({ decision: z.enum(['approve', 'reject'], { error: 'Decision must be approve or reject' }) });
export type ApprovalDecisionBody = z.infer<typeof approvalDecisionSchema>;
export const approvalDecisionResponseSchema = objectiveChangeResponseSchema;

/** POST /approval: the completion approval page (spec §2, §4, §8). */
export const completionApprovalSchema = z.object({
  objectiveId: z.number().int().positive().max(2_147_483_647).optional(),
  keyResultId: z.number().int().positive().max(2_147_483_647).optional(),
  delete: z.boolean().default(false),
});
export type CompletionApprovalBody = z.input<typeof completionApprovalSchema>;
export const completionApprovalResponseSchema = envelope(
  z.object({ kind: z.enum(['objective', 'keyResult']), id: z.number().int(), status: z.enum(['completed', 'deleted']) }),
);
