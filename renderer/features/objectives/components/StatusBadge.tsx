import { Badge, type BadgeProps } from '@fluentui/react-components';

const COLOR: Record<string, BadgeProps['color']> = {
  'in progress': 'brand',
  completed: 'success',
  archived: 'subtle',
  'waiting for approval': 'warning',
};

/** The objective status (§4); a pending request says what was asked for. */
export function StatusBadge({ status, nextStatus }: { status: string; nextStatus?: string | null }) {
  const pending = status === 'waiting for approval' && nextStatus ? ` (${nextStatus === 'deleted' ? 'delete' : 'complete'})` : '';
  return <Badge appearance="tint" color={COLOR[status] ?? 'informative'}>{status + pending}</Badge>;
}
