import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Text, tokens,
} from '@fluentui/react-components';
import { CloudArrowUpRegular } from '@fluentui/react-icons';
import { formatLastModified } from '../../../shared/rules/dates';
import type { QueuedWrite } from '../../../shared/rules/queued-writes';
import { errorText } from '../api';
import { LiveRegion } from '../live/LiveRegion';
import { nextAnnouncement, SILENCE, type Announcement } from '../live/announcement';
import { useNotify } from '../toast';
import { hubBridge } from '../transport';
import { CANCEL_CONFIRM, countsOf, queueAnnouncement, queueSummary } from './messages';
import { cancelQueued, useWriteQueue, WRITE_QUEUE_KEY } from './queue';

const useStyles = makeStyles({
  bar: {
    display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS,
    paddingInline: tokens.spacingHorizontalL, paddingBlock: tokens.spacingVerticalXS,
    backgroundColor: tokens.colorNeutralBackground1, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, paddingBlock: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, overflowWrap: 'anywhere',
  },
  meta: { color: tokens.colorNeutralForeground3 },
  refusal: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

/**
 * One change in the list: what and when; Cancel (asked once more) while it waits, or the hub's
 * refusal and Dismiss.
 */
function QueuedItem({ item, onRemoved }: { item: QueuedWrite; onRemoved: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const refused = item.status === 'refused';

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const remove = async () => {
    setBusy(true);
    setError('');
    try {
      await cancelQueued(item.id);
      notify.success(refused ? 'Dismissed' : 'Change cancelled');
      onRemoved();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <li className={styles.item} data-testid="queued-change" aria-label={item.what}>
      <Text weight="semibold">{item.what}</Text>
      <Text size={200} className={styles.meta}>
        Made {formatLastModified(item.createdAt)} · {refused ? 'Refused by the hub' : 'Waiting to be sent'}
      </Text>
      {refused && <Text size={200} className={styles.refusal} data-testid="queued-refusal">{item.refusal}</Text>}
      {error && <Text size={200} role="alert" className={styles.refusal}>{error}</Text>}
      <div className={styles.actions}>
        {refused ? (
          <Button size="small" disabledFocusable={busy} onClick={() => void remove()} aria-label={`Dismiss: ${item.what}`}>Dismiss</Button>
        ) : confirming ? (
          <>
            <Text size={200} id={`confirm-${item.id}`}>{CANCEL_CONFIRM}</Text>
            <Button size="small" appearance="primary" ref={confirmRef} disabledFocusable={busy} aria-describedby={`confirm-${item.id}`} onClick={() => void remove()}>
              Yes, cancel it
            </Button>
            <Button size="small" disabledFocusable={busy} onClick={() => setConfirming(false)}>Keep it</Button>
          </>
        ) : (
          <Button size="small" onClick={() => setConfirming(true)} aria-label={`Cancel: ${item.what}`}>Cancel</Button>
        )}
      </div>
    </li>
  );
}

/**
 * Desktop only: the changes kept on this computer while the hub was away, in a bar above
 * the screen ('2 changes waiting to be sent') that opens their list. Main's queue:changed keeps it
 * current; when the hub took some, every screen asks again, and the live region says what happened.
 */
export function WriteQueueIndicator() {
  const styles = useStyles();
  const client = useQueryClient();
  const queue = useWriteQueue();
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState<Announcement>(SILENCE);
  const items = queue.data ?? [];
  // main's word on changes, handled one after the other so each compares with the one before
  const handled = useRef<Promise<unknown>>(Promise.resolve());
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const bridge = hubBridge();
    if (!bridge?.onQueueChanged) return undefined;
    const known = () => countsOf(client.getQueriesData<QueuedWrite[]>({ queryKey: WRITE_QUEUE_KEY }).flatMap(([, data]) => data ?? []));
    return bridge.onQueueChanged(({ sent }) => {
      handled.current = handled.current.then(async () => {
        const before = known();
        await client.refetchQueries({ queryKey: WRITE_QUEUE_KEY });
        const text = queueAnnouncement(known(), before, sent);
        if (text) setSaid((s) => nextAnnouncement(s, text));
      }).catch(() => undefined);
      // the hub took changes: the screens showing them ask it again
      if (sent > 0) void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== WRITE_QUEUE_KEY[0] });
    });
  }, [client]);

  // the removed change's buttons are gone: focus stays in the list (its Close), or with the list
  // gone too, goes to the screen rather than to nowhere
  const focusAfterRemoval = (result: { data?: QueuedWrite[] }) =>
    window.setTimeout(() => ((result.data?.length ?? 0) > 0 ? closeRef.current : document.getElementById('main'))?.focus(), 0);

  const summary = queueSummary(items);
  return (
    <>
      <LiveRegion announcement={said} testId="write-queue-announcer" />
      {items.length > 0 && (
        <div className={styles.bar} data-testid="write-queue">
          <Button appearance="subtle" icon={<CloudArrowUpRegular />} aria-haspopup="dialog" onClick={() => setOpen(true)}>{summary}</Button>
        </div>
      )}
      <Dialog open={open && items.length > 0} onOpenChange={(_, d) => setOpen(d.open)}>
        <DialogSurface aria-label="Changes waiting to be sent">
          <DialogBody>
            <DialogTitle>Changes waiting to be sent</DialogTitle>
            <DialogContent>
              <Text as="p">Kept on this computer while the hub could not be reached; they are sent in this order when it is back.</Text>
              <ul className={styles.list} aria-label="Changes waiting to be sent">
                {items.map((item) => <QueuedItem key={item.id} item={item} onRemoved={() => void queue.refetch().then(focusAfterRemoval)} />)}
              </ul>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" ref={closeRef} onClick={() => setOpen(false)}>Close</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
