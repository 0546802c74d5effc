import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function TimeTrackingPage() {
  return (
    <PageFrame title='Time tracking'>
      <EmptyState title='No report yet'>Your monthly time-tracking report will be shown here once the time-tracking screen ships.</EmptyState>
    </PageFrame>
  );
}
