import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { SettingsRegular } from '@fluentui/react-icons';
import type { SessionUser } from '../../../../shared/api/users';
import { canInviteTeamMates } from '../../../../shared/rules/permissions';
import { PATHS } from '../../../lib/paths';
import { afterSignInPathAtom, firstLoginAtom, passwordMustChangeAtom, userAtom } from '../../../lib/session/session';
import { appStore } from '../../../lib/store';
import { isDesktop } from '../../../lib/transport';
import { Loading } from '../../../lib/components/Loading';
import { HubCompatGate } from '../../desktop-updates';
import { LoginForm } from '../components/LoginForm';
import { SignInMethods } from '../sso/components/SignInMethods';
import { Stepper } from '../components/Stepper';

// The later steps load only for a first login: most visitors never need them before sign-in.
const NewPasswordStep = lazy(() => import('../components/NewPasswordStep'));
const ConfirmInfoStep = lazy(() => import('../components/ConfirmInfoStep'));
const TeamMatesStep = lazy(() => import('../components/TeamMatesStep'));

const useStyles = makeStyles({
  page: {
    minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: tokens.spacingHorizontalL, boxSizing: 'border-box',
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundPressed} 100%)`,
  },
  // A plain surface rather than Fluent's Card: the card's interaction machinery is unused here
  // and would sit in the bundle every visitor downloads before signing in.
  card: {
    width: '100%', maxWidth: '440px', padding: tokens.spacingHorizontalXXL, boxSizing: 'border-box', display: 'flex', flexDirection: 'column',
    gap: tokens.spacingVerticalL, backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusXLarge, boxShadow: tokens.shadow28,
  },
  brand: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS, textAlign: 'center' },
  sub: { color: tokens.colorNeutralForeground3 },
  settings: { display: 'flex', justifyContent: 'center' },
  settingsLink: {
    display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none', ':hover': { textDecorationLine: 'underline' },
  },
  footer: { position: 'fixed', bottom: tokens.spacingVerticalM, color: tokens.colorNeutralForegroundOnBrand, fontSize: tokens.fontSizeBase200 },
});

type Step = 'login' | 'password' | 'confirm' | 'team';

const STEP_LABELS: Record<Step, string> = {
  login: 'Login',
  password: 'New password',
  confirm: 'Confirm your information',
  team: 'See team mates',
};

function BrandMark() {
  return (
    <svg width="48" height="48" viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect x="2" y="2" width="28" height="28" rx="7" fill="#004C7C" />
      <rect x="8" y="7" width="16" height="5" rx="2.5" fill="#ffffff" />
      <rect x="6" y="14" width="20" height="5" rx="2.5" fill="#8EC3E6" />
      <rect x="9" y="21" width="14" height="5" rx="2.5" fill="#ffffff" />
    </svg>
  );
}

/**
 * Sign-in and the first-login stepper (objective-tracking §2/§4): Login → 'Confirm your
 * information' → for team leads 'See team mates'. Finishing lowers the first-login flag and the
 * login route's guard moves the user on (to ret, else the team page). After an admin's password
 * reset a 'New password' step comes first, before anything else the hub allows.
 */
export default function LoginPage() {
  const styles = useStyles();
  const user = useAtomValue(userAtom);
  const firstLogin = useAtomValue(firstLoginAtom);
  const passwordMustChange = useAtomValue(passwordMustChangeAtom);
  const [teamStep, setTeamStep] = useState(false);
  // the password step stays on the stepper once done, so the later steps keep their numbers
  // (set while rendering, React's way to keep something from an earlier render: no extra pass)
  const [passwordStep, setPasswordStep] = useState(passwordMustChange);
  if (passwordMustChange && !passwordStep) setPasswordStep(true);
  const step: Step = !user ? 'login' : passwordMustChange ? 'password' : !firstLogin ? 'login' : teamStep ? 'team' : 'confirm';
  const lead = !!user && canInviteTeamMates(user);
  const infoSteps: Step[] = passwordStep && !firstLogin ? [] : lead ? ['confirm', 'team'] : ['confirm'];
  const steps: Step[] = ['login', ...(passwordStep ? (['password'] as const) : []), ...infoSteps];

  const finish = () => {
    appStore.set(afterSignInPathAtom, PATHS.team);
    appStore.set(firstLoginAtom, false);
  };

  const passwordChosen = () => {
    // a later login goes on to objectives (objective-tracking §4); a first one to its info step
    if (!firstLogin) appStore.set(afterSignInPathAtom, PATHS.objectives);
    appStore.set(passwordMustChangeAtom, false);
  };

  const confirmed = (updated: SessionUser) => {
    appStore.set(userAtom, updated);
    if (lead) setTeamStep(true);
    else finish();
  };

  const heading = step === 'login' ? 'Sign in to Bitstone Hub' : step === 'password' ? 'Choose a new password' : STEP_LABELS[step];

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <BrandMark />
          <Text as="h1" size={600} weight="semibold">{heading}</Text>
          <Text className={styles.sub}>Bitstone's staff hub: people, holidays, hours and objectives.</Text>
        </div>
        <Stepper steps={steps.map((s) => STEP_LABELS[s])} current={Math.max(0, steps.indexOf(step))} />
        {step === 'login' && (
          // an app and a hub too far apart in version say so instead of failing at sign-in
          <HubCompatGate>
            <SignInMethods localForm={<LoginForm />} />
          </HubCompatGate>
        )}
        <Suspense fallback={<Loading />}>
          {step === 'password' && user && <NewPasswordStep user={user} onDone={passwordChosen} />}
          {step === 'confirm' && user && <ConfirmInfoStep user={user} onDone={confirmed} />}
          {step === 'team' && <TeamMatesStep onDone={finish} />}
        </Suspense>
        {step === 'login' && isDesktop() && (
          <div className={styles.settings}>
            <RouterLink to={PATHS.settings} className={styles.settingsLink}>
              <SettingsRegular /> Hub settings
            </RouterLink>
          </div>
        )}
      </div>
      <Text className={styles.footer}>© {new Date().getFullYear()} Bitstone</Text>
    </main>
  );
}
