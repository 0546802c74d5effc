import { Combobox, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import type { AlignmentSearch as SearchAnswer } from '../../../../shared/api/alignment';
import { LEVEL_LABELS } from '../../../../shared/rules/objective-levels';
import { useFindBox } from '../../../lib/components/use-find-box';
import { useDebounced } from '../../../lib/use-debounced';
import { useAlignmentSearch } from '../../objectives';
import type { TreeFilters } from '../api/alignment-tree';

const useStyles = makeStyles({
  root: { minWidth: '280px', '@media (max-width: 480px)': { minWidth: 0, width: '100%' } },
  option: { display: 'flex', flexDirection: 'column' },
  secondary: { color: tokens.colorNeutralForeground3 },
});

export type SearchMatch = SearchAnswer['items'][number];

/** Find an objective by title; picking one centres the tree on it (its path unfolded). */
export function AlignmentSearch({ filters, onPick }: { filters: TreeFilters; onPick: (match: SearchMatch) => void }) {
  const styles = useStyles();
  const { query, open, chosen, boxProps } = useFindBox();
  const q = useDebounced(query.trim(), 250);
  const search = useAlignmentSearch({ q, ...filters }, open);
  const matches = q ? (search.data?.items ?? []) : [];
  return (
    <Combobox
      className={styles.root}
      aria-label="Find an objective"
      placeholder="Find an objective"
      {...boxProps}
      onOptionSelect={(_, d) => {
        const match = matches.find((m) => String(m.objective.id) === d.optionValue);
        if (!match) return;
        chosen(match.objective.title);
        onPick(match);
      }}
    >
      {matches.map((m) => (
        <Option key={m.objective.id} value={String(m.objective.id)} text={m.objective.title}>
          <span className={styles.option}>
            <Text>{m.objective.title}</Text>
            <Text size={200} className={styles.secondary}>
              {LEVEL_LABELS[m.objective.level]} · {m.objective.owner.name}{m.path.length > 1 ? ` · under ${m.path[0].title}` : ''}
            </Text>
          </span>
        </Option>
      ))}
      {query.trim() !== '' && matches.length === 0 && (
        <Option disabled value="" text="">{search.isFetching || q !== query.trim() ? 'Searching…' : 'No objective matches'}</Option>
      )}
    </Combobox>
  );
}
