import { useParams } from 'react-router-dom';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function ProfilePage() {
  const { id } = useParams();
  return (
    <PageFrame title='Profile'>
      <EmptyState title={`Member #${id ?? ''}`}>The member's profile will be shown here once the profile screen ships.</EmptyState>
    </PageFrame>
  );
}
