import { useState } from 'react';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import type { CheckIn } from '../../../../../shared/api/check-ins';
import type { KeyResult } from '../../../../../shared/api/objectives';
import { checkInClosure } from '../../../../../shared/rules/check-ins';
import { formatLastModified } from '../../../../../shared/rules/dates';
import { errorText } from '../../../../lib/api';
import { useQueueWhileOffline, useWriteQueue } from '../../../../lib/offline-writes';
import { useCheckIns } from '../api/check-ins';
import { CheckInDialog } from './CheckInDialog';
import { ConfidenceBadge } from './ConfidenceBadge';
import { Sparkline } from './Sparkline';

const useStyles = makeStyles({
  root: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, paddingTop: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  latest: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  trend: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  meta: { color: tokens.colorNeutralForeground3 },
  comment: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  history: { listStyle: 'none', margin: 0, padding: 0, maxHeight: '220px', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  entry: { display: 'flex', flexDirection: 'column', paddingBlock: tokens.spacingVerticalXXS, borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  error: { color: tokens.colorPaletteRedForeground1 },
});

function Entry({ checkIn: c }: { checkIn: CheckIn }) {
  const styles = useStyles();
  return (
    <li className={styles.entry} data-testid="check-in-entry">
      <span className={styles.latest}>
        <Text weight="semibold">{c.percent}%</Text>
        <ConfidenceBadge confidence={c.confidence} />
        <Text size={200} className={styles.meta}>{c.author.name} · {formatLastModified(c.createdAt)}</Text>
      </span>
      {c.comment && <Text size={200} className={styles.comment}>{c.comment}</Text>}
    </li>
  );
}

/**
 * Check-ins on a key-result card: the latest check-in, the trend line and the Check in button
 * (hidden when the objective is read-only for the user or the work is closed, spec §6); with
 * `showHistory`, every check-in newest first.
 */
export function KeyResultCheckIns({ keyResult: k, objectiveStatus, readOnly, disabled, showHistory }: {
  keyResult: KeyResult; objectiveStatus: string; readOnly: boolean; disabled?: boolean; showHistory?: boolean;
}) {
  const styles = useStyles();
  const checkIns = useCheckIns(k.id);
  const [open, setOpen] = useState(false);
  // offline on the desktop a check-in is kept on this computer, so the button stays
  const queueable = useQueueWhileOffline();
  // check-ins kept on this computer for this key result (desktop; none on the web)
  const waiting = (useWriteQueue().data ?? []).filter((i) => i.status === 'queued' && i.request.path === `/key-result/${k.id}/check-ins`).length;
  if (checkIns.isPending) return <div className={styles.root}><Spinner size="tiny" label="Loading check-ins…" /></div>;
  if (checkIns.isError) return <div className={styles.root}><Text role="alert" className={styles.error}>{errorText(checkIns.error)}</Text></div>;
  const { items, canCheckIn } = checkIns.data;
  const latest = items[0] ?? null;
  const allowed = canCheckIn && !readOnly && checkInClosure(objectiveStatus, k.status) === null;
  return (
    <section className={styles.root} aria-label={`Check-ins of ${k.title}`}>
      {latest ? (
        <>
          <div className={styles.trend}>
            <span className={styles.latest} data-testid="latest-check-in">
              <Text weight="semibold" size={400}>{latest.percent}%</Text>
              <ConfidenceBadge confidence={latest.confidence} />
            </span>
            <Sparkline checkIns={items} />
          </div>
          <Text size={200} className={styles.meta}>Latest check-in by {latest.author.name} · {formatLastModified(latest.createdAt)}</Text>
          {latest.comment && <Text size={200} className={styles.comment}>{latest.comment}</Text>}
        </>
      ) : (
        <Text size={200} className={styles.meta}>No check-ins yet</Text>
      )}
      {waiting > 0 && (
        <Text size={200} className={styles.meta} data-testid="check-ins-waiting">
          {waiting === 1 ? '1 check-in' : `${waiting} check-ins`} waiting to be sent
        </Text>
      )}
      {allowed && (
        <div>
          <Button size="small" appearance="primary" disabled={disabled && !queueable} onClick={() => setOpen(true)}>Check in</Button>
        </div>
      )}
      {showHistory && items.length > 0 && (
        <>
          <Text size={200} weight="semibold">History ({items.length})</Text>
          <ol className={styles.history} aria-label={`Check-in history of ${k.title}`}>
            {items.map((c) => <Entry key={c.id} checkIn={c} />)}
          </ol>
        </>
      )}
      <CheckInDialog open={open} keyResult={k} latest={latest} onClose={() => setOpen(false)} />
    </section>
  );
}
