import { useState } from 'react';
import { Button, Field, makeStyles, Radio, RadioGroup, SpinButton, Text, tokens } from '@fluentui/react-components';
import { LinkAddRegular } from '@fluentui/react-icons';
import type { AlignmentLink } from '../../../../shared/api/alignment';
import type { ObjectiveDetail } from '../../../../shared/api/objectives';
import { ROLLUP_MODE_LABELS, ROLLUP_MODES, WEIGHT_MAX, WEIGHT_MIN, type RollupMode } from '../../../../shared/rules/alignment';
import { levelOf } from '../../../../shared/rules/objective-levels';
import { useNotify } from '../../../lib/toast';
import { useRemoveLink, useSetLinkWeight, useSetRollupMode } from '../api/alignment';
import { LevelBadge } from './LevelBadge';
import { linkErrorText } from './link-errors';
import { ObjectiveRefLink } from './ObjectiveRefLink';
import { SupportsDialog } from './SupportsDialog';

const useStyles = makeStyles({
  root: {
    display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))', gap: tokens.spacingHorizontalXXL,
    padding: tokens.spacingVerticalL, borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4,
    overflowWrap: 'anywhere',
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  weight: { width: '96px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** What a link says of its other end, and of the key result that supports when one does. */
function LinkLine({ link, direction }: { link: AlignmentLink; direction: 'supports' | 'supportedBy' }) {
  const styles = useStyles();
  return (
    <span className={styles.grow}>
      {link.keyResult && direction === 'supports' && <Text className={styles.muted}>Key result “{link.keyResult.title}” → </Text>}
      <ObjectiveRefLink objective={link.objective} />
      {link.keyResult && direction === 'supportedBy' && <Text className={styles.muted}> (key result “{link.keyResult.title}”)</Text>}
      {link.objective && <> <LevelBadge level={link.objective.level} /> <Text size={200} className={styles.muted}>{link.objective.progress}% · {link.objective.owner.name}</Text></>}
    </span>
  );
}

function WeightField({ link, disabled }: { link: AlignmentLink; disabled: boolean }) {
  const styles = useStyles();
  const setWeight = useSetLinkWeight();
  const notify = useNotify();
  return (
    <Field
      label={{ children: 'Weight', className: styles.muted }} orientation="horizontal" size="small"
      validationMessage={setWeight.error ? linkErrorText(setWeight.error) : undefined}
    >
      <SpinButton
        className={styles.weight} size="small" min={WEIGHT_MIN} max={WEIGHT_MAX} defaultValue={link.weight} disabled={disabled || setWeight.isPending}
        aria-label={`Weight of ${link.label}`}
        onChange={(_, d) => {
          const weight = d.value ?? (d.displayValue === undefined ? null : Number(d.displayValue));
          if (weight === null || !Number.isInteger(weight) || weight === link.weight) return;
          setWeight.mutate({ id: link.id, weight }, { onSuccess: () => notify.success(), onError: () => notify.failure() });
        }}
      />
    </Field>
  );
}

/**
 * Alignment on the details page: 'Supports …' and 'Supported by …' with links (a private end
 * reads 'a private objective'), adding links for the objective or one of its key results,
 * removing them, and, for the parent's editors, the weights and how its progress is computed.
 */
export function AlignmentPanel({ objective: o, disabled }: { objective: ObjectiveDetail; disabled: boolean }) {
  const styles = useStyles();
  const [adding, setAdding] = useState(false);
  const remove = useRemoveLink();
  const rollup = useSetRollupMode();
  const notify = useNotify();
  const { supports, supportedBy } = o.alignment;
  const company = levelOf(o.level) === 'company';
  const removeButton = (link: AlignmentLink) => link.canRemove && (
    <Button size="small" disabled={disabled || remove.isPending} aria-label={`Remove the link to ${link.label}`}
      onClick={() => remove.mutate(link.id, { onSuccess: () => notify.success(), onError: () => notify.failure() })}>Remove</Button>
  );

  return (
    <section className={styles.root} aria-label="Alignment" data-testid="alignment-panel">
      <div className={styles.column}>
        <div className={styles.head}>
          <Text as="h3" size={400} weight="semibold">Supports</Text>
          {!o.readOnly && !company && (
            <Button size="small" icon={<LinkAddRegular />} disabled={disabled} onClick={() => setAdding(true)}>Add supported objective</Button>
          )}
        </div>
        {supports.length === 0 ? <Text className={styles.muted}>{company ? 'A company objective supports nothing above it.' : 'It supports no team or company objective yet.'}</Text> : (
          <ul className={styles.list} data-testid="supports-list">
            {supports.map((l) => <li key={l.id} className={styles.item}><LinkLine link={l} direction="supports" />{removeButton(l)}</li>)}
          </ul>
        )}
        {remove.error && <Text role="alert" className={styles.error}>{linkErrorText(remove.error)}</Text>}
      </div>
      <div className={styles.column}>
        <Text as="h3" size={400} weight="semibold">Supported by</Text>
        {supportedBy.length === 0 ? <Text className={styles.muted}>Nothing supports it yet.</Text> : (
          <ul className={styles.list} data-testid="supported-by-list">
            {supportedBy.map((l) => (
              <li key={l.id} className={styles.item}>
                <LinkLine link={l} direction="supportedBy" />
                {l.canSetWeight && o.rollupMode === 'children' && <WeightField link={l} disabled={disabled} />}
                {removeButton(l)}
              </li>
            ))}
          </ul>
        )}
        {/* the parent's editors choose how its progress is computed (shared/rules/alignment canSteerRollup = not read-only) */}
        {o.readOnly ? (
          <Text className={styles.muted}>Progress: {ROLLUP_MODE_LABELS[o.rollupMode].toLowerCase()}</Text>
        ) : (
          <Field label="Progress" validationMessage={rollup.error ? linkErrorText(rollup.error) : undefined}>
            <RadioGroup
              value={o.rollupMode} disabled={disabled || rollup.isPending} layout="horizontal"
              onChange={(_, d) => rollup.mutate({ id: o.id, mode: d.value as RollupMode }, { onSuccess: () => notify.success(), onError: () => notify.failure() })}
            >
              {ROLLUP_MODES.map((m) => <Radio key={m} value={m} label={ROLLUP_MODE_LABELS[m]} />)}
            </RadioGroup>
          </Field>
        )}
      </div>
      {adding && <SupportsDialog objective={o} onClose={() => setAdding(false)} />}
    </section>
  );
}
