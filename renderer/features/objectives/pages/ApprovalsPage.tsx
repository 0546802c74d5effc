import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function ApprovalsPage() {
  return (
    <PageFrame title='Approvals'>
      <EmptyState title='There are no Objectives waiting for approval.'>Approval requests will be listed here once the approvals screen ships.</EmptyState>
    </PageFrame>
  );
}
