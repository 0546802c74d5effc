import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Divider, makeStyles, Spinner, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { PersonKeyRegular } from '@fluentui/react-icons';
import { errorText } from '../../../../lib/api';
import { PATHS } from '../../../../lib/paths';
import { startSession } from '../../../../lib/session/session';
import { isDesktop } from '../../../../lib/transport';
import { fetchSignedInUser, useOidcSignIn, useSsoMethods } from '../api/sso';
import { LdapForm } from './LdapForm';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  note: { color: tokens.colorNeutralForeground3 },
  hubError: { margin: 0, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

type Mode = 'local' | 'ldap';

const signedIn = (user: Parameters<typeof startSession>[0], firstLogin: boolean) => startSession(user, firstLogin, firstLogin ? null : PATHS.objectives);

/**
 * The way back from the provider in the browser: /login?sso=done (the hub set the cookie) or
 * /login?sso_error=message. Read once, then taken out of the address.
 */
function useSsoReturn(): { finishing: boolean; error: string | null } {
  const [params, setParams] = useSearchParams();
  const done = params.get('sso') === 'done';
  const [error] = useState(() => params.get('sso_error'));
  const [finishing, setFinishing] = useState(done);
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!done && !params.has('sso_error')) return;
    setParams({}, { replace: true });
    if (!done || started.current) return;
    started.current = true;
    fetchSignedInUser()
      .then(({ user, firstLogin }) => signedIn(user, firstLogin))
      .catch((e: unknown) => setFailed(errorText(e)))
      .finally(() => setFinishing(false));
  }, [done, params, setParams]);
  return { finishing, error: failed ?? error };
}

/**
 * issue 11 part 2: the login card's ways in. The hub's own form (always: the bootstrap admin keeps
 * it), a tab for the company directory when LDAP is on, and 'Sign in with {provider}' for OIDC.
 */
export function SignInMethods({ localForm }: { localForm: ReactNode }) {
  const styles = useStyles();
  const methods = useSsoMethods();
  const oidc = useOidcSignIn();
  const back = useSsoReturn();
  const ldap = methods.data?.ldap ?? null;
  const provider = methods.data?.oidc ?? null;
  const localOff = methods.data?.localPasswords === false;
  const [chosen, setChosen] = useState<Mode | null>(null);
  // with hub passwords off, the directory is where most people sign in
  const mode: Mode = chosen ?? (ldap && localOff ? 'ldap' : 'local');

  if (back.finishing) return <Spinner label="Finishing sign-in…" />;

  return (
    <div className={styles.root}>
      {back.error && <p className={styles.hubError} role="alert" data-testid="sso-error">{back.error}</p>}
      {ldap && (
        <TabList selectedValue={mode} onTabSelect={(_, d) => setChosen(d.value as Mode)} aria-label="How to sign in">
          <Tab value="local">Hub account</Tab>
          <Tab value="ldap">{ldap.label}</Tab>
        </TabList>
      )}
      {mode === 'ldap' && ldap ? (
        <LdapForm label={ldap.label} />
      ) : (
        <>
          {localOff && (
            <Text className={styles.note} data-testid="local-off-note">
              Hub passwords are turned off: only the bootstrap administrator signs in here. Everyone else uses their company account.
            </Text>
          )}
          {localForm}
        </>
      )}
      {provider && (
        <>
          <Divider>or</Divider>
          <Button
            appearance="secondary"
            icon={oidc.isPending ? <Spinner size="tiny" /> : <PersonKeyRegular />}
            disabled={oidc.isPending}
            onClick={() => oidc.mutate(undefined, { onSuccess: (result) => result && signedIn(result.user, result.firstLogin) })}
          >
            Sign in with {provider.providerName}
          </Button>
          {oidc.isPending && isDesktop() && <Text className={styles.note}>Finish signing in in your browser, then come back here.</Text>}
          {oidc.isError && <p className={styles.hubError} role="alert" data-testid="oidc-error">{errorText(oidc.error)}</p>}
        </>
      )}
    </div>
  );
}
