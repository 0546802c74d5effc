import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function TeamPage() {
  return (
    <PageFrame title='Super-Awesome Team'>
      <EmptyState title='The team directory'>The directory of active members will be listed here once the directory screen ships.</EmptyState>
    </PageFrame>
  );
}
