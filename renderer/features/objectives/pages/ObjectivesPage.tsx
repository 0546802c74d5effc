import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function ObjectivesPage() {
  return (
    <PageFrame title='Objectives'>
      <EmptyState title='No items found'>Objectives and their key results will be listed here once the objectives screen ships.</EmptyState>
    </PageFrame>
  );
}
