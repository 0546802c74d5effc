import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function TimelinePage() {
  return (
    <PageFrame title='Timeline'>
      <EmptyState title='No timeline yet'>The objectives timeline will be drawn here once the timeline screen ships.</EmptyState>
    </PageFrame>
  );
}
