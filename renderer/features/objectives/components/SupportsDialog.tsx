import { useState, type FormEvent } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { linkCreateSchema, type AlignmentLink } from '../../../../shared/api/alignment';
import type { ObjectiveDetail } from '../../../../shared/api/objectives';
import { levelOf } from '../../../../shared/rules/objective-levels';
import { FormDialog } from '../../../lib/components/FormDialog';
import { useNotify } from '../../../lib/toast';
import { useLinkProposals } from '../hooks/use-link-proposals';
import { Choice } from './Choice';
import { SupportsPicker, type SupportCandidate } from './SupportsPicker';

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

/** 'objective' or a key result's id: what is to support the chosen objectives. */
type Source = 'objective' | number;

/** How many objectives the objective itself, or one of its key results, supports already. */
function supportedBy(links: readonly AlignmentLink[], source: Source): AlignmentLink[] {
  return links.filter((l) => (source === 'objective' ? l.keyResult === null : l.keyResult?.id === source));
}

/**
 * The objective, or one of its key results, supports more objectives. Each chosen
 * objective is a link proposed in turn; what the hub refuses stays in the picker with its message.
 */
export function SupportsDialog({ objective: o, keyResultId, onClose }: { objective: ObjectiveDetail; keyResultId?: number; onClose: () => void }) {
  const styles = useStyles();
  const [source, setSource] = useState<Source>(keyResultId ?? 'objective');
  const [chosen, setChosen] = useState<SupportCandidate[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const propose = useLinkProposals();
  const notify = useNotify();
  const existing = supportedBy(o.alignment.supports, source);
  const sources = [
    { id: 'objective' as Source, name: 'The objective itself' },
    ...o.keyResults.filter((k) => k.status !== 'deleted').map((k) => ({ id: k.id as Source, name: `Key result: ${k.title}` })),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      // the hub's own message for a link with no parent
      setError(linkCreateSchema.shape.parentId.safeParse(undefined).error?.issues[0]?.message);
      return;
    }
    setSaving(true);
    const { left, error: refused } = await propose(o.id, chosen, source === 'objective' ? undefined : source);
    setSaving(false);
    if (left.length === 0) {
      notify.success();
      onClose();
      return;
    }
    notify.failure();
    setChosen(left);
    setError(refused);
  };

  return (
    <FormDialog title="Supports" onClose={onClose} onSubmit={(e) => void submit(e)} saving={saving} submitLabel="Link" contentClassName={styles.form}>
      <Choice label="What supports it" items={sources} value={source} onChange={(s) => { setSource(s); setChosen([]); setError(undefined); }} />
      <SupportsPicker
        objectiveId={o.id}
        level={levelOf(o.level)}
        alreadyCount={existing.length}
        excludeIds={existing.flatMap((l) => (l.objective ? [l.objective.id] : []))}
        value={chosen}
        onChange={(v) => { setChosen(v); setError(undefined); }}
        error={error}
      />
    </FormDialog>
  );
}
