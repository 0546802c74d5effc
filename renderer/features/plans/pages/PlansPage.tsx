import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function PlansPage() {
  return (
    <PageFrame title='Plans'>
      <EmptyState title='No plans yet'>Objective plans per member will be listed here once the plans screen ships.</EmptyState>
    </PageFrame>
  );
}
