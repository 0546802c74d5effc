import { Button, Checkbox, Combobox, Dropdown, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import type { DirectoryFilters as Filters } from '../../../../shared/api/people';
import { WHOS_OUT_TEXT } from '../../../../shared/rules/whos-out';
import { useJobChoices, useProjectChoices, useTeamChoices } from '../api/directory';
import { useSkills } from '../api/extras';

const useStyles = makeStyles({
  panel: {
    display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL, padding: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2,
  },
  field: { minWidth: '200px', flexGrow: 1, maxWidth: '280px' },
});

interface Props {
  value: Filters;
  onChange: (next: Filters) => void;
  onClear: () => void;
  /** spec §2: 'Deleted' is offered only with view-archived-users */
  canSeeArchived: boolean;
}

function MultiPick<T extends string | number>(props: {
  label: string; placeholder: string; options: { value: T; text: string }[]; selected: T[]; onSelect: (next: T[]) => void;
}) {
  const styles = useStyles();
  const selectedText = props.options.filter((o) => props.selected.includes(o.value)).map((o) => o.text).join(', ');
  return (
    <Field label={props.label} className={styles.field}>
      <Combobox
        multiselect
        placeholder={props.placeholder}
        value={selectedText}
        selectedOptions={props.selected.map(String)}
        onOptionSelect={(_, data) => props.onSelect(props.options.filter((o) => data.selectedOptions.includes(String(o.value))).map((o) => o.value))}
      >
        {props.options.map((o) => <Option key={String(o.value)} value={String(o.value)}>{o.text}</Option>)}
      </Combobox>
    </Field>
  );
}

/**
 * spec §2 filter panel: Teams, Roles (job titles), Projects, Team leads, Status, Clear; and
 * Skills (people who know any of them, most matches first); Who's out (out or in today).
 */
export function DirectoryFilters({ value, onChange, onClear, canSeeArchived }: Props) {
  const styles = useStyles();
  const teams = useTeamChoices().data?.teams ?? [];
  const jobs = useJobChoices().data?.items ?? [];
  const projects = useProjectChoices().data?.items ?? [];
  const skills = useSkills().data?.skills ?? [];
  return (
    <div className={styles.panel} role="search" aria-label="Filters" data-testid="directory-filters">
      <MultiPick label="Teams" placeholder="All teams" options={teams.map((t) => ({ value: t.id, text: t.name }))} selected={value.teams} onSelect={(teams) => onChange({ ...value, teams })} />
      <MultiPick label="Roles" placeholder="All roles" options={jobs.map((j) => ({ value: j.id, text: j.name }))} selected={value.jobs} onSelect={(jobs) => onChange({ ...value, jobs })} />
      <MultiPick label="Projects" placeholder="All projects" options={projects.map((p) => ({ value: p, text: p }))} selected={value.projects} onSelect={(projects) => onChange({ ...value, projects })} />
      <MultiPick label="Skills" placeholder="Any skill" options={skills.map((k) => ({ value: k.name, text: k.name }))} selected={value.skills ?? []} onSelect={(skills) => onChange({ ...value, skills })} />
      <Checkbox label="Team leads" checked={value.teamLeads} onChange={(_, data) => onChange({ ...value, teamLeads: data.checked === true })} />
      <Field label="Status" className={styles.field}>
        <Dropdown
          value={value.status === 'deleted' ? 'Deleted' : 'Active'}
          selectedOptions={[value.status]}
          onOptionSelect={(_, data) => onChange({ ...value, status: data.optionValue === 'deleted' ? 'deleted' : 'active' })}
        >
          <Option value="active">Active</Option>
          {canSeeArchived && <Option value="deleted">Deleted</Option>}
        </Dropdown>
      </Field>
      {/* who is out today, filtered by the hub like the rest */}
      <Field label={WHOS_OUT_TEXT.filterLabel} className={styles.field}>
        <Dropdown
          value={value.presence === 'out' ? WHOS_OUT_TEXT.filterOut : value.presence === 'in' ? WHOS_OUT_TEXT.filterIn : WHOS_OUT_TEXT.filterAny}
          selectedOptions={[value.presence ?? 'any']}
          onOptionSelect={(_, data) => onChange({ ...value, presence: data.optionValue === 'out' || data.optionValue === 'in' ? data.optionValue : undefined })}
        >
          <Option value="any">{WHOS_OUT_TEXT.filterAny}</Option>
          <Option value="out">{WHOS_OUT_TEXT.filterOut}</Option>
          <Option value="in">{WHOS_OUT_TEXT.filterIn}</Option>
        </Dropdown>
      </Field>
      <Button onClick={onClear}>Clear</Button>
    </div>
  );
}
