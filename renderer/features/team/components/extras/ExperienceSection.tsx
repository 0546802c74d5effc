import { Button, Dropdown, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { PRESENT } from '../../../../../shared/api/people-extras';
import { emptyExperience, MONTHS, yearChoices, type ExperienceRow } from './extras-form';
import { TextField } from './fields';

const useStyles = makeStyles({
  entry: {
    display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: tokens.spacingHorizontalM, padding: tokens.spacingVerticalM, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    // reflow (WCAG 1.4.10): two to a row in a narrow window; the wide fields take the row
    '@media (max-width: 480px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  wide: { gridColumn: 'span 2' },
  full: { gridColumn: '1 / -1' },
  remove: { gridColumn: '1 / -1', justifySelf: 'end' },
});

function Pick({ label, value, options, error, onChange, disabled }: { label: string; value: string; options: string[]; error?: string; onChange: (v: string) => void; disabled?: boolean }) {
  return (
    <Field label={label} required validationState={error ? 'error' : undefined} validationMessage={error}>
      <Dropdown style={{ minWidth: 0 }} disabled={disabled} value={value} selectedOptions={value ? [value] : []} onOptionSelect={(_, d) => onChange(d.optionValue ?? '')}>
        {options.map((o) => <Option key={o} value={o}>{o}</Option>)}
      </Dropdown>
    </Field>
  );
}

/** spec §5: start month+year, end month+year (or 'Present'), company and position are required. */
export function ExperienceSection({ rows, errors, onChange }: { rows: ExperienceRow[]; errors: Record<string, string>; onChange: (rows: ExperienceRow[]) => void }) {
  const styles = useStyles();
  const years = yearChoices();
  const set = (i: number, patch: Partial<ExperienceRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const err = (i: number, key: string) => errors[`relevantExperience.${i}.${key}`];
  return (
    <div>
      {rows.map((row, i) => {
        const startError = err(i, 'startDate');
        const endError = err(i, 'endDate');
        return (
          <div key={i} className={styles.entry} data-testid="experience-entry">
            <div className={styles.wide}><TextField label="Company" required value={row.company} error={err(i, 'company')} onChange={(company) => set(i, { company })} /></div>
            <div className={styles.wide}><TextField label="Position" required value={row.position} error={err(i, 'position')} onChange={(position) => set(i, { position })} /></div>
            <Pick label="Start month" value={row.startMonth} options={MONTHS} error={!row.startMonth ? startError : undefined} onChange={(startMonth) => set(i, { startMonth })} />
            <Pick label="Start year" value={row.startYear} options={years} error={!row.startYear ? startError : undefined} onChange={(startYear) => set(i, { startYear })} />
            <Pick label="End month" value={row.endYear === PRESENT ? '' : row.endMonth} options={MONTHS} disabled={row.endYear === PRESENT} error={!row.endMonth && row.endYear !== PRESENT ? endError : undefined} onChange={(endMonth) => set(i, { endMonth })} />
            <Pick label="End year" value={row.endYear} options={[PRESENT, ...years]} error={!row.endYear ? endError : undefined} onChange={(endYear) => set(i, { endYear })} />
            <div className={styles.full}><TextField label="Description" multiline value={row.description} onChange={(description) => set(i, { description })} /></div>
            <Button className={styles.remove} icon={<DeleteRegular />} appearance="subtle" onClick={() => onChange(rows.filter((_, j) => j !== i))}>Remove experience</Button>
          </div>
        );
      })}
      <Button icon={<AddRegular />} onClick={() => onChange([...rows, emptyExperience()])}>Add experience</Button>
    </div>
  );
}
