import { useState } from 'react';
import { Button, Combobox, Field, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { z } from 'zod';
import { alignmentCandidatesResponseSchema } from '../../../../shared/api/alignment';
import { MAX_SUPPORTED, supportableLevels } from '../../../../shared/rules/alignment';
import { LEVEL_LABELS, type ObjectiveLevel } from '../../../../shared/rules/objective-levels';
import { useDebounced } from '../../../lib/use-debounced';
import { useAlignmentCandidates } from '../api/alignment';

export type SupportCandidate = z.infer<typeof alignmentCandidatesResponseSchema>['data']['items'][number];

const useStyles = makeStyles({
  chosen: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalXS },
  chip: {
    display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, paddingLeft: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusCircular, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`, overflowWrap: 'anywhere',
  },
  option: { display: 'flex', flexDirection: 'column' },
  secondary: { color: tokens.colorNeutralForeground3 },
});

export interface SupportsPickerProps {
  /** the objective that will support; null while it is being created */
  objectiveId: number | null;
  /** its level: while it is being created, the candidates are asked for by this level */
  level: ObjectiveLevel;
  /** how many it (or the key result) supports already, counted against the five */
  alreadyCount?: number;
  /** ids it supports already: not offered again */
  excludeIds?: readonly number[];
  value: readonly SupportCandidate[];
  onChange: (value: SupportCandidate[]) => void;
  /** the hub's refusal (400) next to the picker */
  error?: string;
  label?: string;
}

/**
 * The 'Supports' picker: a searchable combobox over GET /alignment/candidates (what the
 * person may see and this objective may support), up to five with what it supports already.
 */
export function SupportsPicker({ objectiveId, level, alreadyCount = 0, excludeIds = [], value, onChange, error, label = 'Supports' }: SupportsPickerProps) {
  const styles = useStyles();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(query.trim(), 250);
  // A new objective has no id yet: its level is enough for the hub to list what it may support,
  // and the hub checks each link when it is proposed after the save.
  const candidates = useAlignmentCandidates(objectiveId !== null ? { objectiveId } : { level }, q, open);
  const levels = supportableLevels(level);
  const items = candidates.data?.items ?? [];
  const fetching = candidates.isFetching;
  const room = MAX_SUPPORTED - alreadyCount - value.length;
  const offered = items.filter((c) => !excludeIds.includes(c.id) && !value.some((v) => v.id === c.id));
  const full = room <= 0;
  const hint = levels.length === 0
    ? 'A company objective supports nothing above it.'
    : full ? `It supports ${MAX_SUPPORTED} objectives, the most it may.` : `Up to ${room} more; team and company objectives you may see.`;

  return (
    <Field label={label} validationMessage={error} hint={hint}>
      <Combobox
        placeholder="Search objectives to support"
        value={query}
        freeform
        selectedOptions={[]}
        disabled={full || levels.length === 0}
        open={open}
        onOpenChange={(_, d) => setOpen(d.open)}
        // the list follows typing, pasting and autofill alike
        onChange={(e) => { setQuery(e.target.value); setOpen(true); }}
        onOptionSelect={(_, d) => {
          const chosen = offered.find((c) => String(c.id) === d.optionValue);
          if (chosen) onChange([...value, chosen]);
          setQuery('');
          setOpen(false);
        }}
      >
        {fetching && offered.length === 0 && <Option value="" disabled text="Searching…">Searching…</Option>}
        {!fetching && offered.length === 0 && <Option value="" disabled text="No objectives found">No objectives found</Option>}
        {offered.map((c) => (
          <Option key={c.id} value={String(c.id)} text={c.title}>
            <span className={styles.option}>
              <Text>{c.title}</Text>
              <Text size={200} className={styles.secondary}>{LEVEL_LABELS[c.level]}{c.team ? ` · ${c.team.name}` : ''} · {c.owner.name}</Text>
            </span>
          </Option>
        ))}
      </Combobox>
      {value.length > 0 && (
        <div className={styles.chosen} data-testid="supports-chosen">
          {value.map((c) => (
            <span key={c.id} className={styles.chip}>
              <Text size={200}>{c.title} ({LEVEL_LABELS[c.level]})</Text>
              <Button size="small" appearance="transparent" icon={<DismissRegular />} aria-label={`Remove ${c.title}`} onClick={() => onChange(value.filter((v) => v.id !== c.id))} />
            </span>
          ))}
        </div>
      )}
    </Field>
  );
}
