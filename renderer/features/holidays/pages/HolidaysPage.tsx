import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';

// The shell routes here already; the screen's content comes with its own issue.
export default function HolidaysPage() {
  return (
    <PageFrame title='Holidays'>
      <EmptyState title='No calendar yet'>The holidays calendar and your days left will be shown here once the holidays screen ships.</EmptyState>
    </PageFrame>
  );
}
