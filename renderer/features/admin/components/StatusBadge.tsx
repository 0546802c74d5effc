import { Badge } from '@fluentui/react-components';

/** The Status cell of the admin tables: Active, or Deleted (kept for restoring). */
export function StatusBadge({ status }: { status: string }) {
  const active = status === 'active';
  return <Badge appearance="tint" color={active ? 'success' : 'danger'}>{active ? 'Active' : 'Deleted'}</Badge>;
}
