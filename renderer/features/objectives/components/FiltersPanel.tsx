import { useAtom, useAtomValue } from 'jotai';
import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { LISTED_STATUSES } from '../../../../shared/api/objectives';
import { userAtom } from '../../../lib/session/session';
import { useObjectiveChoices } from '../api/objectives';
import { filtersAtom, type ListFilters } from '../hooks/list-state';
import { Choice, type ChoiceItem } from './Choice';

const useStyles = makeStyles({
  panel: {
    display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(200px, 100%), 1fr))', gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalM, borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground2,
    // Fluent's Dropdown keeps 250 px at least, wider than a column here, so the Author and
    // Status inputs ran into each other over the gap; each fills its own column instead.
    '& .fui-Dropdown': { minWidth: 0 },
  },
});

const ALL = 0;
const withAll = (items: readonly ChoiceItem<number>[]): ChoiceItem<number>[] => [{ id: ALL, name: 'All' }, ...items];
const STATUS_ITEMS: ChoiceItem<number>[] = [{ id: ALL, name: 'All' }, ...LISTED_STATUSES.map((s, i) => ({ id: i + 1, name: s }))];

/** spec §2/§6: the Filters panel; which filters show depends on the role. */
export function FiltersPanel() {
  const styles = useStyles();
  const user = useAtomValue(userAtom);
  const [filters, setFilters] = useAtom(filtersAtom);
  const choices = useObjectiveChoices().data;
  if (!user) return null;
  const set = (patch: Partial<ListFilters>) => setFilters({ ...filters, ...patch });
  const idOrUndefined = (id: number) => (id === ALL ? undefined : id);
  return (
    <div className={styles.panel} role="group" aria-label="Filters">
      {(user.isOwner || user.isTeamsManager) && (
        <Choice label="Team" items={withAll(choices?.teams ?? [])} value={filters.teamId ?? ALL} onChange={(id) => set({ teamId: idOrUndefined(id) })} />
      )}
      {(user.isTeamLead || user.isTeamsManager) && (
        <Choice label="Assignee" items={withAll(choices?.assignees ?? [])} value={filters.ownerId ?? ALL} onChange={(id) => set({ ownerId: idOrUndefined(id) })} />
      )}
      <Choice label="Author" items={withAll(choices?.authors ?? [])} value={filters.authorId ?? ALL} onChange={(id) => set({ authorId: idOrUndefined(id) })} />
      <Choice
        label="Status"
        items={STATUS_ITEMS}
        value={filters.status ? LISTED_STATUSES.indexOf(filters.status) + 1 : ALL}
        onChange={(id) => set({ status: id === ALL ? undefined : LISTED_STATUSES[id - 1] })}
      />
      {(user.isTeamLead || user.isOwner) && (
        <Choice label="Job Title" items={withAll(choices?.jobs ?? [])} value={filters.jobId ?? ALL} onChange={(id) => set({ jobId: idOrUndefined(id) })} />
      )}
      <Field label="Created from">
        <Input type="date" value={filters.createdFrom ?? ''} max={filters.createdTo} onChange={(_, d) => set({ createdFrom: d.value || undefined })} />
      </Field>
      <Field label="Created to">
        <Input type="date" value={filters.createdTo ?? ''} min={filters.createdFrom} onChange={(_, d) => set({ createdTo: d.value || undefined })} />
      </Field>
    </div>
  );
}
