import { Text } from '@fluentui/react-components';
import type { ApiToken } from '../../../../shared/api/api-tokens';
import { API_TOKEN_SCOPE_LABELS } from '../../../../shared/rules/api-tokens';
import { formatLastModified } from '../../../../shared/rules/dates';
import type { DataColumn } from '../../../lib/components/DataTable';

// What Settings and Admin show of every token: never the token itself, which only its making showed.

export function tokenColumns<T extends ApiToken>(): DataColumn<T>[] {
  return [
    { header: 'Name', stacked: 'title', minWidth: 140, cell: (t) => <Text weight="semibold">{t.name}</Text> },
    { header: 'Scope', width: 150, cell: (t) => API_TOKEN_SCOPE_LABELS[t.scope] },
    { header: 'Created', width: 140, cell: (t) => formatLastModified(t.createdAt) },
    { header: 'Expires', width: 140, cell: (t) => formatLastModified(t.expiresAt) },
    {
      header: 'Last used',
      minWidth: 160,
      stacked: 'wide',
      cell: (t) => (t.lastUsedAt ? `${formatLastModified(t.lastUsedAt)}${t.lastUsedAddress ? ` from ${t.lastUsedAddress}` : ''}` : 'Never'),
    },
  ];
}
