import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function AdminPage() {
  return (
    <PageFrame title='Admin'>
      <EmptyState title='No tables yet'>Users, teams, jobs, links and access will be managed here once the admin screen ships.</EmptyState>
    </PageFrame>
  );
}
