import { useState } from 'react';
import type { KeyResult } from '../../../../shared/api/objectives';
import { CONFIRM_TEXT } from '../../../../shared/rules/objective-status';
import { useNotify } from '../../../lib/toast';
import { useDeleteKeyResult, useUpdateKeyResult } from '../api/key-results';
import { CompletionScoreDialog } from '../components/CompletionScoreDialog';
import { ConfirmDialog } from '../components/ConfirmDialog';
import type { KeyResultCommand } from '../components/KeyResultCard';

/**
 * The key result as the person saw it when they chose: a score judges the key result they read, so
 * Complete and Start name its version and the hub answers 409 if someone changed it meanwhile.
 */
const versionOf = (k: KeyResult) => ({ id: k.id, lastModificationDate: k.lastModificationDate });

/** §4: key-result actions with their confirmations (complete asks for a score). Edit is the caller's. */
export function useKeyResultCommands(onEdit: (k: KeyResult) => void) {
  const update = useUpdateKeyResult();
  const remove = useDeleteKeyResult();
  const notify = useNotify();
  const [pending, setPending] = useState<{ command: Exclude<KeyResultCommand, 'edit'>; keyResult: KeyResult } | null>(null);
  const done = { onSuccess: () => { setPending(null); notify.success(); }, onError: () => { setPending(null); notify.failure(); } };
  const run = (command: KeyResultCommand, keyResult: KeyResult) => (command === 'edit' ? onEdit(keyResult) : setPending({ command, keyResult }));
  const busy = update.isPending || remove.isPending;
  const cancel = () => setPending(null);
  const dialog = (
    <>
      <CompletionScoreDialog open={pending?.command === 'complete'} busy={busy} onCancel={cancel}
        onConfirm={(percentage) => pending && update.mutate({ ...versionOf(pending.keyResult), action: 'complete', percentage }, done)} />
      <ConfirmDialog open={pending?.command === 'start'} title="Start" busy={busy} onCancel={cancel}
        onConfirm={() => pending && update.mutate({ ...versionOf(pending.keyResult), action: 'start' }, done)}>
        {CONFIRM_TEXT.action('start', 'key result')}
      </ConfirmDialog>
      <ConfirmDialog open={pending?.command === 'delete'} title="Delete" busy={busy} onCancel={cancel}
        onConfirm={() => pending && remove.mutate(pending.keyResult.id, done)}>
        {CONFIRM_TEXT.action('delete', 'key result')}
      </ConfirmDialog>
    </>
  );
  return { run, dialog, busy };
}
