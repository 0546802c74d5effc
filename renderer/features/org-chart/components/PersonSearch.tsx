import { useMemo } from 'react';
import { Combobox, makeStyles, Option } from '@fluentui/react-components';
import type { OrgChartPerson } from '../../../../shared/api/org-chart';
import { FALLBACK_TEXT } from '../../../../shared/rules/people-messages';
import { useFindBox } from '../../../lib/components/use-find-box';

const useStyles = makeStyles({ root: { minWidth: '280px' } });

/** How many matches the list offers; typing more narrows it. */
const MAX_MATCHES = 30;

/** The chart's search: pick a person by name and the chart centres on them. */
export function PersonSearch({ people, onPick }: { people: readonly OrgChartPerson[]; onPick: (id: number) => void }) {
  const styles = useStyles();
  const { query, chosen, boxProps } = useFindBox();
  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return [];
    return people.filter((p) => p.name.toLowerCase().includes(needle)).slice(0, MAX_MATCHES);
  }, [people, query]);
  return (
    <Combobox
      className={styles.root}
      aria-label="Find a person"
      placeholder="Find a person"
      {...boxProps}
      onOptionSelect={(_, data) => {
        if (!data.optionValue) return;
        chosen(data.optionText);
        onPick(Number(data.optionValue));
      }}
    >
      {matches.map((p) => (
        <Option key={p.id} value={String(p.id)} text={p.name}>
          {`${p.name} · ${p.jobTitle ?? FALLBACK_TEXT.unknownJob}`}
        </Option>
      ))}
      {query.trim() !== '' && matches.length === 0 && <Option disabled value="" text="">Nobody matches</Option>}
    </Combobox>
  );
}
