import { useState } from 'react';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ApprovalRow } from '../../../../shared/api/approvals';
import { APPROVAL_MESSAGES, OPEN_KEY_RESULTS_TEXT } from '../../../../shared/rules/objective-messages';
import { CONFIRM_TEXT } from '../../../../shared/rules/objective-status';
import { errorText } from '../../../lib/api';
import { AppLink } from '../../../lib/components/AppLink';
import { DataTable } from '../../../lib/components/DataTable';
import { Loading } from '../../../lib/components/Loading';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { useNotify } from '../../../lib/toast';
import { useApprovals, useDecide } from '../api/approvals';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { HubErrors } from '../components/HubErrors';
import { StatusBadge } from '../components/StatusBadge';
import { detailsPath } from '../paths';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

type Decision = 'approve' | 'reject';

/** spec §2 Approvals: Name, Team, Objective, Status with Approve and Remove (§4 effects). */
export default function ApprovalsPage() {
  const styles = useStyles();
  const approvals = useApprovals();
  const decide = useDecide();
  const notify = useNotify();
  const [pending, setPending] = useState<{ row: ApprovalRow; decision: Decision } | null>(null);

  const confirm = () => {
    if (!pending) return;
    decide.mutate(
      { id: pending.row.id, decision: pending.decision },
      { onSuccess: () => { setPending(null); notify.success(); }, onError: () => { setPending(null); notify.failure(); } },
    );
  };
  const verb = (d: Decision) => (d === 'approve' ? 'approve' : 'remove');

  return (
    <PageFrame title="Approvals">
      <HubErrors resources={['objective']} />
      {approvals.isPending && <Loading label="Loading approvals…" />}
      {approvals.isError && <Text role="alert" className={styles.error}>{errorText(approvals.error)}</Text>}
      {approvals.data?.items.length === 0 && <EmptyState title={APPROVAL_MESSAGES.emptyList} />}
      {approvals.data && approvals.data.items.length > 0 && (
        <DataTable
          label="Objectives waiting for approval"
          size="medium"
          rows={approvals.data.items}
          rowKey={(row) => row.id}
          rowLabel={(row) => row.objective}
          columns={[
            { header: 'Name', cell: (row) => row.name },
            { header: 'Team', cell: (row) => row.team ?? '—' },
            { header: 'Objective', minWidth: 200, stacked: 'title', cell: (row) => <AppLink to={detailsPath(row.id)}>{row.objective}</AppLink> },
            { header: 'Status', width: 220, cell: (row) => <StatusBadge status={row.status} nextStatus={row.nextStatus} /> },
            {
              header: 'Actions',
              headerHidden: true,
              width: 190,
              stacked: 'actions',
              cell: (row) => (
                <div className={styles.actions}>
                  <Button size="small" appearance="primary" disabled={decide.isPending} onClick={() => setPending({ row, decision: 'approve' })}>Approve</Button>
                  <Button size="small" disabled={decide.isPending} onClick={() => setPending({ row, decision: 'reject' })}>Remove</Button>
                </div>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog open={pending !== null} title={pending?.decision === 'approve' ? 'Approve' : 'Remove'} busy={decide.isPending} onCancel={() => setPending(null)} onConfirm={confirm}>
        {pending && <p>{CONFIRM_TEXT.action(verb(pending.decision), 'objective')}</p>}
        {pending?.decision === 'approve' && pending.row.nextStatus === 'completed' && pending.row.completeKeyResults !== null && (
          <p>{pending.row.completeKeyResults ? OPEN_KEY_RESULTS_TEXT.willComplete : OPEN_KEY_RESULTS_TEXT.stayOpen}</p>
        )}
      </ConfirmDialog>
    </PageFrame>
  );
}
