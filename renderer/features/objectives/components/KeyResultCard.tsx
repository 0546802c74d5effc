import { Button, Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { KeyResult } from '../../../../shared/api/objectives';
import { PRIORITY_COLORS } from '../../../../shared/rules/constants';
import { keyResultActionFor } from '../../../../shared/rules/key-result-rules';
import { DEFAULT_PERCENTAGE } from '../../../../shared/rules/objective-status';
import { KeyResultCheckIns } from '../check-ins';
import { DeadlineBar } from './DeadlineBar';
import { StatusBadge } from './StatusBadge';

const useStyles = makeStyles({
  // a long word in a title or description wraps inside the card
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  description: { color: tokens.colorNeutralForeground2, whiteSpace: 'pre-wrap' },
});

export type KeyResultCommand = 'complete' | 'start' | 'edit' | 'delete';

/**
 * A key result on the details page (§2); its actions are hidden when the objective is read-only.
 * Given the objective's status it also shows the check-ins.
 */
export function KeyResultCard({ keyResult: k, readOnly, disabled, onCommand, objectiveStatus }: {
  keyResult: KeyResult; readOnly: boolean; disabled?: boolean; onCommand: (c: KeyResultCommand, k: KeyResult) => void; objectiveStatus?: string;
}) {
  const styles = useStyles();
  const done = k.status === 'completed';
  // §4: the one status action the hub accepts for this status
  const action = keyResultActionFor(k.status);
  return (
    <Card className={styles.card} aria-label={k.title} data-testid="key-result-card">
      <CardHeader
        header={<Text weight="semibold">{k.title}</Text>}
        description={<StatusBadge status={k.status} />}
        action={<span role="img" aria-label={`Priority ${k.priority}`} title={k.priority} style={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', backgroundColor: PRIORITY_COLORS[k.priority] }} />}
      />
      <Text className={styles.description}>{k.description}</Text>
      {done && <Text>Completion score: {k.percentage ?? DEFAULT_PERCENTAGE}%</Text>}
      <DeadlineBar deadline={k.deadline} createdAt={k.createdAt} done={done} />
      {objectiveStatus !== undefined && <KeyResultCheckIns keyResult={k} objectiveStatus={objectiveStatus} readOnly={readOnly} disabled={disabled} showHistory />}
      {!readOnly && (
        <div className={styles.actions}>
          {action === 'start' && <Button size="small" disabled={disabled} onClick={() => onCommand('start', k)}>Start</Button>}
          {action === 'complete' && <Button size="small" disabled={disabled} onClick={() => onCommand('complete', k)}>Complete</Button>}
          <Button size="small" disabled={disabled} onClick={() => onCommand('edit', k)}>Edit</Button>
          <Button size="small" disabled={disabled} onClick={() => onCommand('delete', k)}>Delete</Button>
        </div>
      )}
    </Card>
  );
}
