import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import type { ApprovalRow } from '../../../../shared/api/approvals';
import { APPROVAL_MESSAGES, OPEN_KEY_RESULTS_TEXT } from '../../../../shared/rules/objective-messages';
import { CONFIRM_TEXT } from '../../../../shared/rules/objective-status';
import { errorText } from '../../../lib/api';
import { Loading } from '../../../lib/components/Loading';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { useNotify } from '../../../lib/toast';
import { useApprovals, useDecide } from '../api/approvals';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { HubErrors } from '../components/HubErrors';
import { StatusBadge } from '../components/StatusBadge';
import { detailsPath } from '../paths';
import { TableScroll } from '../../../lib/components/TableScroll';

const useStyles = makeStyles({
  // names and titles typed by people wrap inside their cells
  table: { overflowWrap: 'anywhere' },
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
        <TableScroll label="Objectives waiting for approval" minWidth={640}>
          <Table aria-label="Objectives waiting for approval" className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Name</TableHeaderCell>
                <TableHeaderCell>Team</TableHeaderCell>
                <TableHeaderCell>Objective</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell aria-label="Actions" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {approvals.data.items.map((row) => (
                <TableRow key={row.id} aria-label={row.objective}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell>{row.team ?? '—'}</TableCell>
                  <TableCell><Link to={detailsPath(row.id)}>{row.objective}</Link></TableCell>
                  <TableCell><StatusBadge status={row.status} nextStatus={row.nextStatus} /></TableCell>
                  <TableCell>
                    <div className={styles.actions}>
                      <Button size="small" appearance="primary" disabled={decide.isPending} onClick={() => setPending({ row, decision: 'approve' })}>Approve</Button>
                      <Button size="small" disabled={decide.isPending} onClick={() => setPending({ row, decision: 'reject' })}>Remove</Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
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
