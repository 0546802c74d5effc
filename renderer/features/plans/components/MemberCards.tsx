import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { PlanSummary } from '../../../../shared/api/plans';
import { AppLink } from '../../../lib/components/AppLink';
import { EmailText } from '../../../lib/components/EmailText';
import { PATHS } from '../../../lib/paths';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(240px, 100%), 1fr))', gap: tokens.spacingHorizontalM },
  card: { padding: tokens.spacingVerticalM, gap: tokens.spacingVerticalXS, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  figures: { display: 'flex', gap: tokens.spacingHorizontalL },
  figure: { display: 'flex', flexDirection: 'column' },
  overdue: { color: tokens.colorPaletteRedForeground1 },
});

/** spec §2/§3: a card per member with the hub's plan summary. */
export function MemberCards({ plans }: { plans: PlanSummary[] }) {
  const s = useStyles();
  return (
    <div className={s.grid}>
      {plans.map((p) => (
        <Card key={p.userId} className={s.card} aria-label={`Plan of ${p.name}`}>
          {/* the employee's evaluations; the hub decides who may read them */}
          <AppLink to={`${PATHS.employeeDetails}?id=${p.userId}`}><Text weight="semibold">{p.name}</Text></AppLink>
          <Text size={200} className={s.muted}>{p.team}{p.team && p.email && ' · '}{p.email && <EmailText email={p.email} />}</Text>
          <div className={s.figures}>
            <Figure label="Completed" value={p.completedObjectives} className={s.figure} />
            <Figure label="Overdue" value={p.overdueObjectives} className={s.figure} valueClass={p.overdueObjectives ? s.overdue : undefined} />
            <Figure label="Total" value={p.totalObjectives} className={s.figure} />
          </div>
        </Card>
      ))}
    </div>
  );
}

function Figure({ label, value, className, valueClass }: { label: string; value: number; className: string; valueClass?: string }) {
  return (
    <div className={className}>
      <Text size={500} weight="semibold" className={valueClass}>{value}</Text>
      <Text size={200}>{label}</Text>
    </div>
  );
}
