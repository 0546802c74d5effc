import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function DashboardPage() {
  return (
    <PageFrame title='Dashboard'>
      <EmptyState title='No links yet'>Categorised quick links will be listed here once the dashboard screen ships.</EmptyState>
    </PageFrame>
  );
}
