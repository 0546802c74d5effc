import { useAtom, useSetAtom } from 'jotai';
import { Button, Dropdown, makeStyles, Option, ToggleButton, tokens } from '@fluentui/react-components';
import { AddRegular, DismissRegular, FilterRegular } from '@fluentui/react-icons';
import { SORT_CRITERIA, SORT_LABELS, type SortCriterion } from '../../../../shared/api/objectives';
import { filtersAtom, showPublicAtom, sortAtom } from '../hooks/list-state';

const useStyles = makeStyles({
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  sort: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 },
});

/** spec §2 action bar: Sort by, Filters, Clear Filters, Show mine / Show public, New Objective. */
export function ActionBar({ filtersOpen, onToggleFilters, onNew, disabled }: { filtersOpen: boolean; onToggleFilters: () => void; onNew: () => void; disabled?: boolean }) {
  const styles = useStyles();
  const [sort, setSort] = useAtom(sortAtom);
  const [showPublic, setShowPublic] = useAtom(showPublicAtom);
  const setFilters = useSetAtom(filtersAtom);
  return (
    <div className={styles.bar}>
      <label className={styles.sort}>
        Sort by
        <Dropdown
          aria-label="Sort by"
          value={SORT_LABELS[sort]}
          selectedOptions={[sort]}
          onOptionSelect={(_, d) => d.optionValue && setSort(d.optionValue as SortCriterion)}
        >
          {SORT_CRITERIA.map((c) => <Option key={c} value={c}>{SORT_LABELS[c]}</Option>)}
        </Dropdown>
      </label>
      <ToggleButton icon={<FilterRegular />} checked={filtersOpen} onClick={onToggleFilters} aria-expanded={filtersOpen}>Filters</ToggleButton>
      <Button icon={<DismissRegular />} onClick={() => setFilters({})}>Clear Filters</Button>
      <Button onClick={() => setShowPublic(!showPublic)}>{showPublic ? 'Show mine' : 'Show public'}</Button>
      <span className={styles.spacer} />
      <Button appearance="primary" icon={<AddRegular />} onClick={onNew} disabled={disabled}>New Objective</Button>
    </div>
  );
}
