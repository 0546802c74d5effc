import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import type { Objective } from '../../../../shared/api/objectives';
import { approvalRequestText, OPEN_KEY_RESULTS_TEXT } from '../../../../shared/rules/objective-messages';
import { levelOf } from '../../../../shared/rules/objective-levels';
import { ACTION_LABELS, CONFIRM_TEXT, needsRepeatRequestConfirmation, transition, type ObjectiveAction } from '../../../../shared/rules/objective-status';
import { userAtom } from '../../../lib/session/session';
import { useNotify } from '../../../lib/toast';
import { useUpdateObjective } from '../api/objectives';
import { ConfirmDialog } from '../components/ConfirmDialog';

type Pending = { objective: Objective; action: ObjectiveAction; step: 'repeat' | 'confirm'; completeKeyResults: boolean };

/** Key results not deleted and not completed: those still in progress. */
const openKeyResults = (o: Objective) => o.keyResultsTotal - o.keyResultsCompleted;

/**
 * spec §4: a chosen status action is confirmed ('Are you sure you want to {action} the selected
 * objective?'); a member acting on a waiting objective first confirms a repeated request. A
 * member's request says who will be asked to approve it, in the dialog and in the toast after it.
 * Complete with key results still in progress asks whether to complete them too; the answer goes
 * with the change (the hub records it, objective-progress.ts).
 */
export function useObjectiveAction(page: 'list' | 'details', onRemoved?: () => void) {
  const user = useAtomValue(userAtom);
  const update = useUpdateObjective();
  const notify = useNotify();
  const [pending, setPending] = useState<Pending | null>(null);

  const start = (objective: Objective, action: ObjectiveAction) => {
    const repeat = user !== null && needsRepeatRequestConfirmation(user, { ...objective, ownerId: objective.owner.id });
    setPending({ objective, action, step: repeat ? 'repeat' : 'confirm', completeKeyResults: true });
  };

  // the status machine the hub runs: does this action become a request for approval?
  const requestText = (p: Pending) => {
    const t = user === null ? null : transition(user, { ...p.objective, ownerId: p.objective.owner.id }, p.action, page);
    return t?.kind === 'update' && t.status === 'waiting for approval' ? approvalRequestText(levelOf(p.objective.level)) : null;
  };
  const asksAboutKeyResults = (p: Pending) => p.action === 'complete' && openKeyResults(p.objective) > 0;

  const run = (p: Pending) => {
    const request = requestText(p);
    update.mutate(
      {
        id: p.objective.id, action: p.action, page, lastModificationDate: p.objective.lastModificationDate,
        ...(asksAboutKeyResults(p) ? { completeKeyResults: p.completeKeyResults } : {}),
      },
      {
        onSuccess: (result) => {
          setPending(null);
          const waiting = !('removed' in result) && result.status === 'waiting for approval';
          notify.success(waiting && request ? request : undefined);
          if ('removed' in result) onRemoved?.();
        },
        onError: () => {
          setPending(null);
          notify.failure();
        },
      },
    );
  };

  const request = pending && requestText(pending);
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
        <p>{CONFIRM_TEXT.action(ACTION_LABELS[pending.action].toLowerCase(), 'objective')}</p>
        {asksAboutKeyResults(pending) && (
          <Field label={OPEN_KEY_RESULTS_TEXT.question(openKeyResults(pending.objective))}>
            <RadioGroup
              value={pending.completeKeyResults ? 'complete' : 'leave'}
              onChange={(_, d) => setPending({ ...pending, completeKeyResults: d.value === 'complete' })}
            >
              <Radio value="complete" label={OPEN_KEY_RESULTS_TEXT.completeToo} />
              <Radio value="leave" label={OPEN_KEY_RESULTS_TEXT.leaveOpen} />
            </RadioGroup>
          </Field>
        )}
        {request && <p data-testid="approval-request-text">{request}</p>}
      </ConfirmDialog>
    </>
  );
  return { start, dialog, busy: update.isPending };
}
