import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function StatisticsPage() {
  return (
    <PageFrame title='Statistics'>
      <EmptyState title='No statistics yet'>Objective statistics will be charted here once the statistics screen ships.</EmptyState>
    </PageFrame>
  );
}
