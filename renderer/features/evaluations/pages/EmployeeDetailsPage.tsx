import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular } from '@fluentui/react-icons';
import { evaluationsExportFile, type Evaluation } from '../../../../shared/api/evaluations';
import { HubError } from '../../../../shared/api/hub-error';
import { canReadEvaluationsOf } from '../../../../shared/rules/evaluation-access';
import { errorText } from '../../../lib/api';
import { AppLink } from '../../../lib/components/AppLink';
import { Loading } from '../../../lib/components/Loading';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { profilePath } from '../../../lib/paths';
import { userAtom } from '../../../lib/session/session';
import { useNotify } from '../../../lib/toast';
import { getTransport } from '../../../lib/transport';
import { useDeleteEvaluation, useEmployeeDetails, useEvaluatedPerson } from '../api/evaluations';
import { DeleteEvaluationDialog } from '../components/DeleteEvaluationDialog';
import { EmployeeSummaryCard } from '../components/EmployeeSummaryCard';
import { EvaluationDialog, type EvaluationDialogMode } from '../components/EvaluationDialog';
import { EvaluationsTable } from '../components/EvaluationsTable';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

function idFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Someone who may not read these evaluations (an admin, a colleague) and came to look: what the
 * page holds and who reads it, not a refusal. The hub still refuses the call (spec §6).
 */
function PrivateEvaluations({ userId, name }: { userId: number; name: string | null }) {
  const who = name ?? 'this employee';
  return (
    <PageFrame title="Employee details">
      <EmptyState title="These evaluations are private">
        Only {who}, their team lead or teams manager, and the company’s owners read {name ? `${name}’s` : 'their'} evaluations.{' '}
        <AppLink to={profilePath(userId)}>Open {name ? `${name}’s` : 'their'} profile</AppLink>
      </EmptyState>
    </PageFrame>
  );
}

/** spec §2 /objective-tracking/employee-details?id=: one employee's evaluations. */
export default function EmployeeDetailsPage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const userId = idFrom(params.get('id'));
  const me = useAtomValue(userAtom);
  // The rule needs the employee's teams unless it already says yes without them (an owner, oneself).
  const readsAnyway = !!me && userId !== null && canReadEvaluationsOf(me, { id: userId, teamIds: [] });
  const person = useEvaluatedPerson(userId, !readsAnyway);
  const mayRead = readsAnyway || (!!me && userId !== null && !!person.data && canReadEvaluationsOf(me, { id: userId, teamIds: person.data.user.team.map((t) => t.id) }));
  const details = useEmployeeDetails(mayRead ? userId : null);
  const remove = useDeleteEvaluation();
  const notify = useNotify();
  const [dialog, setDialog] = useState<{ mode: EvaluationDialogMode; evaluation: Evaluation | null } | null>(null);
  const [deleting, setDeleting] = useState<Evaluation | null>(null);

  if (userId === null) return <PageFrame title="Employee details"><EmptyState title="No employee chosen">Open an employee from the team page or the my-team drawer.</EmptyState></PageFrame>;
  const name = person.data?.user.name ?? null;
  if (!readsAnyway && person.isError) return <PageFrame title="Employee details"><Text role="alert" className={styles.error}>{errorText(person.error)}</Text></PageFrame>;
  if (!readsAnyway && !person.data) return <PageFrame title="Employee details"><Loading /></PageFrame>;
  // a refusal after all (their teams changed since): still only what the page is and who reads it
  if (!mayRead || (details.error instanceof HubError && details.error.status === 403)) return <PrivateEvaluations userId={userId} name={name} />;
  if (details.isPending) return <PageFrame title="Employee details"><Loading /></PageFrame>;
  if (details.isError) return <PageFrame title="Employee details"><Text role="alert" className={styles.error}>{errorText(details.error)}</Text></PageFrame>;

  const { user, items, canWrite } = details.data;
  const exportXlsx = async () => {
    const result = await getTransport().download(`/exports/evaluations/${user.id}.xlsx`, evaluationsExportFile(user.name));
    if (result.status === 'saved') notify.success();
    else if (result.status === 'failed') notify.failure(result.message);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => { notify.success(); setDeleting(null); },
      onError: () => notify.failure(),
    });
  };

  return (
    <PageFrame
      title="Employee details"
      actions={
        <div className={styles.actions}>
          <Button icon={<ArrowDownloadRegular />} onClick={() => void exportXlsx()} disabled={items.length === 0}>Export to Excel</Button>
          {/* spec §6: only team leads or teams managers of the employee write evaluations */}
          {canWrite && <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ mode: 'create', evaluation: null })}>New Evaluation</Button>}
        </div>
      }
    >
      <EmployeeSummaryCard user={user} count={items.length} />
      {items.length === 0 ? (
        <EmptyState title="No evaluations yet">{canWrite ? 'Use New Evaluation to write the first one.' : 'Evaluations written by the team lead will be listed here.'}</EmptyState>
      ) : (
        <EvaluationsTable
          items={items}
          canWrite={canWrite}
          onView={(e) => setDialog({ mode: 'view', evaluation: e })}
          onEdit={(e) => setDialog({ mode: 'edit', evaluation: e })}
          onDelete={setDeleting}
        />
      )}
      <EvaluationDialog
        open={dialog !== null}
        mode={dialog?.mode ?? 'create'}
        evaluation={dialog?.evaluation ?? null}
        userId={user.id}
        canWrite={canWrite}
        onModeChange={(mode) => setDialog((d) => (d ? { ...d, mode } : d))}
        onClose={() => setDialog(null)}
      />
      <DeleteEvaluationDialog open={deleting !== null} busy={remove.isPending} onConfirm={confirmDelete} onClose={() => setDeleting(null)} />
    </PageFrame>
  );
}
