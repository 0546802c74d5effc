import type { ObjectiveLevel } from './objective-levels';
import type { ProgressSource } from './objective-progress';

// objective-tracking §5 and §8: texts shown exactly as written.
export const OBJECTIVE_MESSAGES = {
  title: 'Title is required',
  team: 'Team is required',
  assignee: 'Assignee is required',
  description: 'Description is required',
  category: 'Category is required',
  subcategory: 'Subcategory is required',
  priority: 'Priority is required',
  deadline: 'Deadline is required',
  subcategoryMismatch: 'Subcategory does not belong to the category',
  deadlinePast: 'Deadline cannot be earlier than today',
  // ours: the spec sets no latest deadline (shared/rules/objective-deadline.ts)
  deadlineTooFar: 'Deadline cannot be more than 10 years from today',
  krDeadlineAfterObjective: 'Deadline cannot be later than the objective deadline',
  krOnArchived: 'Key results cannot be added to an archived objective',
  krOnCompleted: 'Key results cannot be added to a completed objective',
  krPastDeadline: 'Key results cannot be added to an objective more than a day past its deadline',
  // The spec words no concurrent-edit message; these two, for objectives and key results, are ours.
  stale: 'This objective was changed by someone else. Reload it and apply your change again.',
  keyResultStale: 'This key result was changed by someone else. Reload it and apply your change again.',
  versionRequired: 'Last modification date is required: send the one the change was made against',
  readOnly: 'This objective is read-only for you.',
  // Our own texts for refusals the spec leaves unworded.
  assigneeNotInTeam: 'The assignee is not a member of the chosen team',
  assignForbidden: 'You may not assign objectives to this member.',
  actionNotOffered: 'This action is not available for the objective in its current status.',
  keyResultActionNotOffered: 'This action is not available for the key result in its current status.',
  scoreWithoutComplete: 'The completion score is sent with Complete',
  keyResultNotFound: 'There is no such key result.',
  noItems: 'No items found',
  noAssignees: 'No items',
  publicCheckbox: 'Make this objective public',
} as const;

/** Offline viewing: the banner over cached objectives. */
export const offlineBannerText = (time: string) => `Offline — showing objectives as of ${time}`;

// An objective's figure (objective-progress.ts) is named by where it comes from, so an open
// objective's percentage is not read as 'done' and a completed one reads done: its key results'
// check-ins and scores, what supports it, or its completion. How many key results are completed
// is said apart from it.
export const progressText = (percent: number) => `Progress ${percent}% from check-ins`;
/** a parent whose owner rolls its progress up from what supports it (alignment) */
export const rolledUpProgressText = (percent: number) => `Progress ${percent}% from supporting objectives`;
export const completedProgressText = 'Progress 100%: the objective is completed';
export const progressTextOf = (source: ProgressSource, percent: number) =>
  source === 'completed' ? completedProgressText : source === 'children' ? rolledUpProgressText(percent) : progressText(percent);
export const keyResultsCompletedText = (completed: number, total: number) => `${completed} of ${total} key results completed`;

/**
 * What a member's Complete or Delete does when it needs approval (objective-levels.ts: a personal
 * objective waits for the member's lead, a team one for an owner): said in the confirmation and in
 * the toast after it.
 */
export const APPROVAL_REQUEST_TEXT: Record<'personal' | 'team', string> = {
  personal: 'Your lead will be asked to approve',
  team: 'An owner will be asked to approve',
};
export const approvalRequestText = (level: ObjectiveLevel) => APPROVAL_REQUEST_TEXT[level === 'team' ? 'team' : 'personal'];

/** Completing an objective whose key results are not all completed asks about them (objective-progress.ts). */
export const OPEN_KEY_RESULTS_TEXT = {
  question: (open: number) => (open === 1 ? 'It has 1 key result still in progress.' : `It has ${open} key results still in progress.`),
  completeToo: 'Complete them too',
  leaveOpen: 'Leave them in progress',
  /** the approvals page says what the member chose, before the lead approves */
  willComplete: 'Its key results still in progress will be completed too.',
  stayOpen: 'Its key results still in progress stay in progress.',
  /** the field of the status change body */
  onlyWithComplete: 'Completing the key results too is chosen with Complete',
} as const;

export const APPROVAL_MESSAGES = {
  failedTitle: "Approval couldn't complete.",
  failedBody: "The objective or key result doesn't exist.",
  missingTitle: 'Something went wrong',
  missingBody: 'There is no objective or key result completion or deletion to approve.',
  emptyList: 'There are no Objectives waiting for approval.',
  notWaiting: 'This objective is not waiting for approval.',
  approvalForbidden: 'You may not approve this request.',
} as const;

export const EVALUATION_MESSAGES = {
  technicalExpertise: 'Technical expertise is required',
  teamwork: 'Teamwork is required',
  flexibility: 'Flexibility is required',
  resultsFocus: 'Results focus is required',
  languages: 'Languages is required',
  continualLearning: 'Continual learning is required',
  safetyFocus: 'Safety focus is required',
  communication: 'Communication is required',
  initiative: 'Initiative is required',
  openDiscussion: 'Open discussion is required',
  // spelled as the spec spells it
  targets: 'Targes is required',
} as const;
