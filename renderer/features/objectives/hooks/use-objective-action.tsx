import { useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Objective } from '../../../../shared/api/objectives';
import { ACTION_LABELS, CONFIRM_TEXT, needsRepeatRequestConfirmation, type ObjectiveAction } from '../../../../shared/rules/objective-status';
import { userAtom } from '../../../lib/session/session';
import { useNotify } from '../../../lib/toast';
import { useUpdateObjective } from '../api/objectives';
import { ConfirmDialog } from '../components/ConfirmDialog';

type Pending = { objective: Objective; action: ObjectiveAction; step: 'repeat' | 'confirm' };

/**
 * spec §4: a chosen status action is confirmed ('Are you sure you want to {action} the selected
 * objective?'); a member acting on a waiting objective first confirms a repeated request.
 */
export function useObjectiveAction(page: 'list' | 'details', onRemoved?: () => void) {
  const user = useAtomValue(userAtom);
  const update = useUpdateObjective();
  const notify = useNotify();
  const [pending, setPending] = useState<Pending | null>(null);

  const start = (objective: Objective, action: ObjectiveAction) => {
    const repeat = user !== null && needsRepeatRequestConfirmation(user, { ...objective, ownerId: objective.owner.id });
    setPending({ objective, action, step: repeat ? 'repeat' : 'confirm' });
  };

  const run = (p: Pending) => {
    update.mutate(
      { id: p.objective.id, action: p.action, page, lastModificationDate: p.objective.lastModificationDate },
      {
        onSuccess: (result) => {
          setPending(null);
          notify.success();
          if ('removed' in result) onRemoved?.();
        },
        onError: () => {
          setPending(null);
          notify.failure();
        },
      },
    );
  };

  const dialog = pending && (
    <>
      <ConfirmDialog
        open={pending.step === 'repeat'}
        title={CONFIRM_TEXT.repeatTitle}
        onCancel={() => setPending(null)}
        onConfirm={() => setPending({ ...pending, step: 'confirm' })}
      >
        {CONFIRM_TEXT.repeatBody}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending.step === 'confirm'}
        title={ACTION_LABELS[pending.action]}
        busy={update.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => run(pending)}
      >
        {CONFIRM_TEXT.action(ACTION_LABELS[pending.action].toLowerCase(), 'objective')}
      </ConfirmDialog>
    </>
  );
  return { start, dialog, busy: update.isPending };
}
