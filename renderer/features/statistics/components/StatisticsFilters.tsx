import { Button, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import type { Ref } from '../../../../shared/api/common';
import type { StatisticsQuery } from '../../../../shared/api/statistics';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  field: { minWidth: '180px' },
});

interface Props {
  value: StatisticsQuery;
  teams: Ref[];
  jobs: Ref[];
  /** spec §6: the Team filter is owner-only */
  showTeam: boolean;
  rangeError?: string;
  onChange: (next: StatisticsQuery) => void;
  onReset: () => void;
}

const idOf = (value: string) => (value ? Number(value) : undefined);

/** spec §7 filters: Team (owners only), Job, From, To. */
export function StatisticsFilters({ value, teams, jobs, showTeam, rangeError, onChange, onReset }: Props) {
  const s = useStyles();
  return (
    <div className={s.bar} role="search" aria-label="Statistics filters">
      {showTeam && (
        <Field label="Team" className={s.field}>
          <Select value={value.team ? String(value.team) : ''} onChange={(_, d) => onChange({ ...value, team: idOf(d.value) })}>
            <option value="">All teams</option>
            {teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
          </Select>
        </Field>
      )}
      <Field label="Job" className={s.field}>
        <Select value={value.job ? String(value.job) : ''} onChange={(_, d) => onChange({ ...value, job: idOf(d.value) })}>
          <option value="">All jobs</option>
          {jobs.map((j) => <option key={j.id} value={j.id}>{j.name}</option>)}
        </Select>
      </Field>
      <Field label="From" validationMessage={rangeError}>
        <Input type="date" value={value.from ?? ''} max={value.to} onChange={(_, d) => onChange({ ...value, from: d.value || undefined })} />
      </Field>
      <Field label="To">
        <Input type="date" value={value.to ?? ''} min={value.from} onChange={(_, d) => onChange({ ...value, to: d.value || undefined })} />
      </Field>
      <Button onClick={onReset}>Clear Filters</Button>
    </div>
  );
}
