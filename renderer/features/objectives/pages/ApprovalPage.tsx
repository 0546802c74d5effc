import { useSearchParams } from 'react-router-dom';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function ApprovalPage() {
  const [params] = useSearchParams();
  const target = params.get('objectiveId') ?? params.get('keyResultId');
  return (
    <PageFrame title='Completion approval'>
      <EmptyState title={target ? `Request #${target}` : 'Nothing to approve'}>Completion and deletion approvals will be handled here once the approval screen ships.</EmptyState>
    </PageFrame>
  );
}
