import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { SettingsRegular } from '@fluentui/react-icons';
import type { SessionUser } from '../../../../shared/api/users';
import { canInviteTeamMates } from '../../../../shared/rules/permissions';
import { PATHS } from '../../../lib/paths';
import { afterSignInPathAtom, firstLoginAtom, userAtom } from '../../../lib/session/session';
import { appStore } from '../../../lib/store';
import { isDesktop } from '../../../lib/transport';
import { Loading } from '../../../lib/components/Loading';
import { LoginForm } from '../components/LoginForm';
import { SignInMethods } from '../sso/components/SignInMethods';
import { Stepper } from '../components/Stepper';

// The later steps load only for a first login: most visitors never need them before sign-in.
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

type Step = 'login' | 'confirm' | 'team';

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
 * login route's guard moves the user on (to ret, else the team page).
 */
export default function LoginPage() {
  const styles = useStyles();
  const user = useAtomValue(userAtom);
  const firstLogin = useAtomValue(firstLoginAtom);
  const [teamStep, setTeamStep] = useState(false);
  const step: Step = !user || !firstLogin ? 'login' : teamStep ? 'team' : 'confirm';
  const lead = !!user && canInviteTeamMates(user);
  const steps = lead ? ['Login', 'Confirm your information', 'See team mates'] : ['Login', 'Confirm your information'];

  const finish = () => {
    appStore.set(afterSignInPathAtom, PATHS.team);
    appStore.set(firstLoginAtom, false);
  };

  const confirmed = (updated: SessionUser) => {
    appStore.set(userAtom, updated);
    if (lead) setTeamStep(true);
    else finish();
  };

  const heading = step === 'login' ? 'Sign in to Bitstone Hub' : step === 'confirm' ? 'Confirm your information' : 'See team mates';

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <BrandMark />
          <Text as="h1" size={600} weight="semibold">{heading}</Text>
          <Text className={styles.sub}>Bitstone's staff hub: people, holidays, hours and objectives.</Text>
        </div>
        <Stepper steps={steps} current={step === 'login' ? 0 : step === 'confirm' ? 1 : 2} />
        {step === 'login' && <SignInMethods localForm={<LoginForm />} />}
        <Suspense fallback={<Loading />}>
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
