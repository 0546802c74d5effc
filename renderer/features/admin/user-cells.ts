import type { AdminUserRow } from '../../../shared/api/admin';
import { formatJoinDate } from '../../../shared/rules/dates';
import { FALLBACK_TEXT } from '../../../shared/rules/people-messages';

// spec §2 Users table: each column's text, or the spec's fallback when the value is missing.

export interface Cell {
  text: string;
  /** the spec's fallback text is shown (the table greys it) */
  missing: boolean;
}

const cell = (value: string | null | undefined, fallback: string): Cell => (value ? { text: value, missing: false } : { text: fallback, missing: true });

export function userCells(row: AdminUserRow): Record<'phone' | 'email' | 'team' | 'job' | 'access' | 'joinDate', Cell> {
  return {
    phone: cell(row.phone, FALLBACK_TEXT.notSet),
    email: cell(row.email, FALLBACK_TEXT.noEmail),
    team: cell(row.team.map((t) => t.name).join(', '), FALLBACK_TEXT.noTeam),
    job: cell(row.job?.name, FALLBACK_TEXT.noJob),
    // spec §6: Admin with the view-admin capability, otherwise User; no role at all reads 'No role'
    access: cell(row.role ? row.accessLabel : null, FALLBACK_TEXT.noRole),
    joinDate: cell(row.joinDate ? formatJoinDate(row.joinDate) : null, FALLBACK_TEXT.notSet),
  };
}
