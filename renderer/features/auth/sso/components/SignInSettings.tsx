import { makeStyles, MessageBar, MessageBarBody, Switch, Text, tokens } from '@fluentui/react-components';
import { errorText } from '../../../../lib/api';
import { Loading } from '../../../../lib/components/Loading';
import { useNotify } from '../../../../lib/toast';
import { useSetLocalPasswords, useSsoAdmin } from '../api/sso';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  note: { color: tokens.colorNeutralForeground3 },
});

/**
 * Admin → Sign-in: which company sign-in the hub offers (configured on the hub)
 * and the one switch an admin holds: hub passwords on or off. The hub refuses others with 403.
 */
export function SignInSettings() {
  const styles = useStyles();
  const view = useSsoAdmin();
  const save = useSetLocalPasswords();
  const notify = useNotify();
  if (view.isPending) return <Loading />;
  if (view.isError) return <MessageBar intent="error"><MessageBarBody>{errorText(view.error)}</MessageBarBody></MessageBar>;
  const data = view.data;
  const noSso = !data.oidc && !data.ldap;
  return (
    <section className={styles.root} aria-label="Sign-in settings">
      <Text weight="semibold" size={400}>Company sign-in</Text>
      <Text data-testid="sso-oidc">OpenID Connect: {data.oidc ? `${data.oidc.providerName} (${data.oidc.issuer})` : 'not set up'}</Text>
      <Text data-testid="sso-ldap">LDAP directory: {data.ldap ? data.ldap.url : 'not set up'}</Text>
      <Text className={styles.note}>These are configured on the hub (HUB_OIDC_* and HUB_LDAP_* settings).</Text>
      <Switch
        label="Local passwords enabled"
        checked={data.localPasswordsEnabled}
        disabled={save.isPending || (noSso && data.localPasswordsEnabled)}
        onChange={(_, d) =>
          save.mutate({ localPasswordsEnabled: d.checked }, { onSuccess: () => notify.success(d.checked ? 'Local passwords turned on' : 'Local passwords turned off'), onError: (e) => notify.failure(errorText(e)) })
        }
      />
      <Text className={styles.note} data-testid="bootstrap-note">
        The bootstrap administrator ({data.bootstrapAdmin}) can always sign in with a hub password, so nobody is locked out.
        {noSso && ' Set up OpenID Connect or LDAP on the hub before turning local passwords off.'}
      </Text>
    </section>
  );
}
