import { z } from 'zod';
import { envelope } from './common';

// Personal data handled as the law asks (docs/personal-data.md 'Erasing'): Admin → Users → Erase
// personal data of an archived person. The hub keeps the company's records (objectives, plans, the
// audit log) and the person becomes an anonymous former employee in them; what identifies them
// goes.

/** The name an erased person has everywhere their name appeared. */
export const formerEmployeeName = (id: number) => `Former employee #${id}`;
/** The erased person's username: not personal, unique (ids are), and nobody signs in with it. */
export const formerEmployeeUsername = (id: number) => `former-${id}`;

/** What an erasure deletes, in the words the confirmation shows and docs/personal-data.md uses. */
export const ERASED_ITEMS = [
  'Name, username, email, phone and join date',
  'The profile picture and the VPN file',
  'Extra details: Bitstone information, relevant and project experience, personal information',
  'Sessions and sign-in history',
  'Notifications, notification and display settings',
  'Evaluations about the person',
  'Holiday events, vacation days left and time-tracking tasks',
  'Invitations sent to or by the person',
] as const;

/** What stays, anonymous: the confirmation says it too, so nobody expects the records gone. */
export const KEPT_ITEMS = [
  'Objectives and key results they own or wrote, and their check-ins',
  'Evaluations they wrote about others, plans and statistics',
  "The audit log's rows, with the person as the actor",
] as const;

/** How many rows of each kind an erasure deleted: the answer and the audit row (counts, never values). */
export const erasureCountsSchema = z.object({
  files: z.number().int(),
  sessions: z.number().int(),
  signIns: z.number().int(),
  notifications: z.number().int(),
  evaluations: z.number().int(),
  otherRows: z.number().int(),
});
export type ErasureCounts = z.infer<typeof erasureCountsSchema>;

export const erasureResponseSchema = envelope(z.object({ id: z.number().int(), name: z.string(), deleted: erasureCountsSchema }));
export type ErasureResult = z.infer<typeof erasureResponseSchema>['data'];

export const ERASURE_MESSAGES = {
  notFound: 'There is no member with this id.',
  notArchived: 'Only an archived member can have their personal data erased. Archive them first.',
  alreadyErased: "This member's personal data has already been erased.",
  restoreErased: "This member's personal data was erased; the record cannot be restored. Add them as a new member instead.",
  changeErased: "This member's personal data was erased; the record cannot be changed.",
  erased: 'Personal data erased',
} as const;

/** Whether an account's personal data was erased: its name is the anonymous one of its id. */
export const isFormerEmployee = (user: { id: number; name: string }) => user.name === formerEmployeeName(user.id);
