import type { NoTeamCounts, StatisticsAlignment } from '../../../../shared/api/statistics';

// Why the cards count different numbers of objectives, in plain words beside them: By status and
// By category count every objective in the statistics, By team only those a team holds, Alignment
// all but the company objectives. The figures are the hub's (noTeam, alignment.company).

const objectives = (n: number) => `${n} objective${n === 1 ? '' : 's'}`;

/** Under By team, when it counts fewer than By status: how many it leaves out, and why. */
export function byTeamNote(total: number, noTeam: NoTeamCounts | undefined): string | null {
  if (!noTeam || noTeam.company + noTeam.teamDeleted === 0) return null;
  const { company, teamDeleted } = noTeam;
  const reasons: string[] = [];
  if (company === 1) reasons.push('1 company objective, which belongs to no team');
  else if (company > 1) reasons.push(`${company} company objectives, which belong to no team`);
  if (teamDeleted > 0) reasons.push(`${objectives(teamDeleted)} whose team was deleted`);
  return `By team counts ${total - company - teamDeleted} of the ${total} objectives: it leaves out ${reasons.join(', and ')}.`;
}

/** Under the alignment sentence: the company objectives it does not count, and why. */
export function companyLeftOutNote(alignment: Pick<StatisticsAlignment, 'company'>): string | null {
  const n = alignment.company ?? 0;
  if (n === 0) return null;
  return n === 1
    ? 'The 1 company objective is left out: it is the one the others support.'
    : `The ${n} company objectives are left out: they are the ones the others support.`;
}
