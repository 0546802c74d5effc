import { useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { KeyRegular } from '@fluentui/react-icons';
import type { ApiToken } from '../../../../shared/api/api-tokens';
import { apiTokenScopesFor } from '../../../../shared/rules/api-tokens';
import type { SessionUser } from '../../../../shared/api/users';
import { DataTable } from '../../../lib/components/DataTable';
import { SettingsCard } from '../../../lib/components/SettingsCard';
import { useOwnApiTokens } from '../api/api-tokens';
import { CreateApiTokenDialog } from './CreateApiTokenDialog';
import { RevokeApiToken } from './RevokeApiToken';
import { tokenColumns } from './token-columns';

const useStyles = makeStyles({ footer: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalS } });

/** Settings → API tokens: tokens the person's scripts sign in with (docs/api.md 'API tokens'). */
export function ApiTokensSettings({ user }: { user: SessionUser }) {
  const styles = useStyles();
  const tokensQuery = useOwnApiTokens();
  const [creating, setCreating] = useState(false);
  const columns = [
    ...tokenColumns<ApiToken>(),
    { header: 'Actions', headerHidden: true, width: 110, stacked: 'actions' as const, cell: (t: ApiToken) => <RevokeApiToken token={t} as="own" /> },
  ];
  return (
    <SettingsCard
      id="api-tokens"
      title="API tokens"
      intro="Tokens let your scripts use the hub as you, within the scope you choose. Each expires; revoke one you no longer use."
      spacing="medium"
    >
      <DataTable
        label="Your API tokens"
        rows={tokensQuery.data?.items ?? []}
        rowKey={(t) => t.id}
        columns={columns}
        status={{ pending: tokensQuery.isPending, error: tokensQuery.error, emptyText: 'No tokens yet.', onRetry: () => void tokensQuery.refetch() }}
      />
      <div className={styles.footer}>
        <Button icon={<KeyRegular />} onClick={() => setCreating(true)}>New token</Button>
      </div>
      {creating && <CreateApiTokenDialog scopes={apiTokenScopesFor(user)} onClose={() => setCreating(false)} />}
    </SettingsCard>
  );
}
