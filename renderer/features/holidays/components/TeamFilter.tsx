import { useMemo, useState } from 'react';
import { Combobox, makeStyles, Option } from '@fluentui/react-components';
import type { TeamListItem } from '../../../../shared/api/people';
import { HOLIDAY_TEXT } from '../../../../shared/rules/holidays';

const useStyles = makeStyles({ root: { minWidth: '260px' } });

interface Props {
  teams: readonly TeamListItem[];
  selected: number[];
  onChange(selected: number[]): void;
}

/** spec §2: a filterable multi-select of active teams; nothing selected reads 'All Members'. */
export function TeamFilter({ teams, selected, onChange }: Props) {
  const styles = useStyles();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const names = useMemo(() => teams.filter((t) => selected.includes(t.id)).map((t) => t.name).join(', '), [teams, selected]);
  const shown = teams.filter((t) => t.name.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <Combobox
      className={styles.root}
      aria-label="Teams"
      multiselect
      freeform
      placeholder={HOLIDAY_TEXT.allMembers}
      value={open ? query : names}
      selectedOptions={selected.map(String)}
      onOpenChange={(_, data) => {
        setOpen(data.open);
        setQuery('');
      }}
      onChange={(event) => setQuery(event.target.value)}
      onOptionSelect={(_, data) => onChange(data.selectedOptions.map(Number))}
      clearable
    >
      {shown.map((team) => (
        <Option key={team.id} value={String(team.id)}>{team.name}</Option>
      ))}
      {shown.length === 0 && <Option disabled value="">No team matches</Option>}
    </Combobox>
  );
}
