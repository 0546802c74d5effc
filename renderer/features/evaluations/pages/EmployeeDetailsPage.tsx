import { useSearchParams } from 'react-router-dom';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function EmployeeDetailsPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame title='Employee details'>
      <EmptyState title={params.get('id') ? `Employee #${params.get('id')}` : 'No employee chosen'}>Evaluations of the employee will be listed here once the evaluations screen ships.</EmptyState>
    </PageFrame>
  );
}
