import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { errorText } from '../../../../lib/api';
import { fetchSignedInUser, useSsoMethods } from '../api/sso';
import type { SignInMode } from './SsoChoices';
import { startSession } from '../../../../lib/session/session';

// The tabs, the directory form and the provider button load only when the hub offers SSO: the
// login page stays within its size budget (tests/e2e/bundle.test.ts) on hubs without it.
const choices = () => import('./SsoChoices');
const SsoTabs = lazy(() => choices().then((m) => ({ default: m.SsoTabs })));
const SsoProviderButton = lazy(() => choices().then((m) => ({ default: m.SsoProviderButton })));
const LdapForm = lazy(() => choices().then((m) => ({ default: m.LdapForm })));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  note: { color: tokens.colorNeutralForeground3 },
  hubError: { margin: 0, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

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
      .then(startSession)
      .catch((e: unknown) => setFailed(errorText(e)))
      .finally(() => setFinishing(false));
  }, [done, params, setParams]);
  return { finishing, error: failed ?? error };
}

/**
 * The login card's ways in. The hub's own form always (the bootstrap admin keeps
 * it), a tab for the company directory when LDAP is on, 'Sign in with {provider}' for OIDC. The
 * hub form keeps its place in the tree, so what someone typed survives the SSO pieces arriving.
 */
export function SignInMethods({ localForm }: { localForm: ReactNode }) {
  const styles = useStyles();
  const methods = useSsoMethods();
  const back = useSsoReturn();
  const ldap = methods.data?.ldap ?? null;
  const provider = methods.data?.oidc ?? null;
  const localOff = methods.data?.localPasswords === false;
  const [chosen, setChosen] = useState<SignInMode | null>(null);
  // with hub passwords off, the directory is where most people sign in
  const mode: SignInMode = chosen ?? (ldap && localOff ? 'ldap' : 'local');

  if (back.finishing) return <Spinner label="Finishing sign-in…" />;
  return (
    <div className={styles.root}>
      {back.error && <p className={styles.hubError} role="alert" data-testid="sso-error">{back.error}</p>}
      {ldap && <Suspense fallback={null}><SsoTabs ldapLabel={ldap.label} mode={mode} onMode={setChosen} /></Suspense>}
      {localOff && mode === 'local' && (
        <Text className={styles.note} data-testid="local-off-note">
          Hub passwords are turned off: only the bootstrap administrator signs in here. Everyone else uses their company account.
        </Text>
      )}
      <div hidden={mode !== 'local'}>{localForm}</div>
      {ldap && mode === 'ldap' && <Suspense fallback={<Spinner size="tiny" />}><LdapForm label={ldap.label} /></Suspense>}
      {provider && <Suspense fallback={null}><SsoProviderButton providerName={provider.providerName} /></Suspense>}
    </div>
  );
}
