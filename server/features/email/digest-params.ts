// What Monday's digest tells (server/features/digests builds it, a template renders it).

/** The weekly digest of a lead's or teams manager's teams, as that person may see them. */
export interface WeeklyDigestParams {
  /** the Monday of the week */
  week: string;
  teams: string[];
  due: Array<{ title: string; owner: string; deadline: string }>;
  overdue: Array<{ title: string; owner: string; deadline: string }>;
  approvals: Array<{ title: string; owner: string }>;
  out: Array<{ name: string; from: string; to: string }>;
  /** which lists had more than they show (the screens have the rest) */
  more: { due: boolean; overdue: boolean; approvals: boolean; out: boolean };
}
