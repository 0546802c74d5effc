import type { ReactNode } from 'react';
import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { EmployeeSummary } from '../../../../shared/api/evaluations';
import { formatJoinDate } from '../../../../shared/rules/dates';
import { EmailText } from '../../../lib/components/EmailText';
import { UserAvatar } from '../../../lib/components/UserAvatar';

const useStyles = makeStyles({
  // in a narrow window the picture goes above the facts rather than squeeze them a few letters a line
  card: { display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL, padding: tokens.spacingVerticalL, maxWidth: '720px' },
  body: { flex: '1 1 240px', minWidth: 0 },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS, overflowWrap: 'anywhere', minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3 },
});

/** The user summary card of the employee-details page (spec §2 'Employee details and evaluation'). */
export function EmployeeSummaryCard({ user, count }: { user: EmployeeSummary; count: number }) {
  const styles = useStyles();
  const rows: Array<[string, ReactNode]> = [
    ['Email', user.email ? <EmailText email={user.email} /> : '—'],
    ['Job', user.job?.name ?? '—'],
    ['Team', user.team.map((t) => t.name).join(', ') || '—'],
    ['Direct Manager', user.teamlead?.name ?? '—'],
    ['Join Date', formatJoinDate(user.joinDate) || '—'],
    ['Evaluations', String(count)],
  ];
  return (
    <Card className={styles.card} aria-label="Employee summary">
      <UserAvatar size={96} user={user} />
      <div className={styles.body}>
        <Text as="h2" size={500} weight="semibold">{user.name}</Text>
        <div className={styles.facts}>
          {rows.map(([label, value]) => (
            <FactRow key={label} label={label} value={value} labelClass={styles.label} />
          ))}
        </div>
      </div>
    </Card>
  );
}

function FactRow({ label, value, labelClass }: { label: string; value: ReactNode; labelClass: string }) {
  return (
    <>
      <Text className={labelClass}>{label}</Text>
      <Text>{value}</Text>
    </>
  );
}
