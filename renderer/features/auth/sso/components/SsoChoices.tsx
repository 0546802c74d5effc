import { Button, Divider, makeStyles, Spinner, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { PersonKeyRegular } from '@fluentui/react-icons';
import { errorText } from '../../../../lib/api';
import { isDesktop } from '../../../../lib/transport';
import { useOidcSignIn } from '../api/sso';
import { startSession } from '../../../../lib/session/session';

// The login card's SSO pieces, in their own chunk (SignInMethods loads them
// only when the hub offers SSO).

export { LdapForm } from './LdapForm';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  note: { color: tokens.colorNeutralForeground3 },
  hubError: { margin: 0, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

export type SignInMode = 'local' | 'ldap';

/** The hub's own form or the company directory. */
export function SsoTabs({ ldapLabel, mode, onMode }: { ldapLabel: string; mode: SignInMode; onMode: (mode: SignInMode) => void }) {
  return (
    <TabList selectedValue={mode} onTabSelect={(_, d) => onMode(d.value as SignInMode)} aria-label="How to sign in">
      <Tab value="local">Hub account</Tab>
      <Tab value="ldap">{ldapLabel}</Tab>
    </TabList>
  );
}

/** 'Sign in with {provider}': web leaves for the provider, desktop waits for main. */
export function SsoProviderButton({ providerName }: { providerName: string }) {
  const styles = useStyles();
  const oidc = useOidcSignIn();
  return (
    <div className={styles.root}>
      <Divider>or</Divider>
      <Button
        appearance="secondary"
        icon={oidc.isPending ? <Spinner size="tiny" /> : <PersonKeyRegular />}
        disabled={oidc.isPending}
        onClick={() => oidc.mutate(undefined, { onSuccess: (result) => result && startSession(result) })}
      >
        Sign in with {providerName}
      </Button>
      {oidc.isPending && isDesktop() && <Text className={styles.note}>Finish signing in in your browser, then come back here.</Text>}
      {oidc.isError && <p className={styles.hubError} role="alert" data-testid="oidc-error">{errorText(oidc.error)}</p>}
    </div>
  );
}
