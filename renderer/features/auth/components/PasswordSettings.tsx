import { Text } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../shared/api/users';
import { PASSWORD_MESSAGES } from '../../../../shared/rules/messages';
import { SettingsCard } from '../../../lib/components/SettingsCard';
import { useNotify } from '../../../lib/toast';
import { usePasswordStatus } from '../api/change-password';
import { ChangePasswordForm } from './ChangePasswordForm';

/** Settings → Password. People who sign in only through SSO have no hub password: they get a note instead. */
export function PasswordSettings({ user }: { user: SessionUser }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const status = usePasswordStatus();
  return (
    <SettingsCard id="password" title="Password" query={status} spacing="large">
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
    </SettingsCard>
  );
}
