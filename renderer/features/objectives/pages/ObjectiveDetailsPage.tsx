import { useSearchParams } from 'react-router-dom';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function ObjectiveDetailsPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame title='Objective details'>
      <EmptyState title={params.get('id') ? `Objective #${params.get('id')}` : 'No objective chosen'}>The objective and its key results will be shown here once the details screen ships.</EmptyState>
    </PageFrame>
  );
}
