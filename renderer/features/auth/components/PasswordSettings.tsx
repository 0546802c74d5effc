import { Card, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../shared/api/users';
import { PASSWORD_MESSAGES } from '../../../../shared/rules/messages';
import { errorText } from '../../../lib/api';
import { useNotify } from '../../../lib/toast';
import { usePasswordStatus } from '../api/change-password';
import { ChangePasswordForm } from './ChangePasswordForm';

const useStyles = makeStyles({
  card: { width: '100%', maxWidth: '560px', alignSelf: 'center', boxSizing: 'border-box', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalL },
});

/** issue 18 Settings → Password. People who sign in only through SSO have no hub password: they get a note instead. */
export function PasswordSettings({ user }: { user: SessionUser }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const status = usePasswordStatus();
  return (
    <Card className={styles.card} aria-labelledby="password-settings-title">
      <Text as="h2" size={500} weight="semibold" id="password-settings-title">Password</Text>
      {status.isPending && <Spinner size="small" label="Loading…" />}
      {status.isError && <MessageBar intent="error"><MessageBarBody>{errorText(status.error)}</MessageBarBody></MessageBar>}
      {status.data && !status.data.canChange && <Text>{PASSWORD_MESSAGES.ssoOnly}</Text>}
      {status.data?.canChange && (
        <ChangePasswordForm
          user={user}
          submitLabel="Change password"
          onChanged={() => {
            notify.success(PASSWORD_MESSAGES.changed);
            // the other sessions are gone from the list
            void queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] });
          }}
        />
      )}
    </Card>
  );
}
