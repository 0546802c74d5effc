// spec §9 (people-and-shell): under 1 year 'This month' or N month(s); otherwise
// 'N year(s) & M month(s)'; over 10 years 'Forever'. A whole number of years leaves the months
// out ('3 years', not '3 years & 0 months'): a zero part says nothing.

function wholeMonthsBetween(from: Date, to: Date): number {
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  if (to.getUTCDate() < from.getUTCDate()) months -= 1;
  return Math.max(0, months);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function tenureText(joinDate: string | Date | null | undefined, now: Date = new Date()): string {
  if (!joinDate) return '';
  const from = typeof joinDate === 'string' ? new Date(`${joinDate.slice(0, 10)}T00:00:00Z`) : joinDate;
  if (Number.isNaN(from.getTime())) return '';
  const months = wholeMonthsBetween(from, now);
  const years = Math.floor(months / 12);
  if (years > 10 || (years === 10 && months % 12 > 0)) return 'Forever';
  if (years < 1) return months === 0 ? 'This month' : plural(months, 'month');
  const rest = months % 12;
  return rest === 0 ? plural(years, 'year') : `${plural(years, 'year')} & ${plural(rest, 'month')}`;
}
