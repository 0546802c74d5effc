import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { SessionUser } from '../../../../shared/api/users';
import { PASSWORD_MESSAGES } from '../../../../shared/rules/messages';
import { ChangePasswordForm } from './ChangePasswordForm';

const useStyles = makeStyles({ step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL } });

/** The stepper's first step after an admin's reset: the one-time password becomes the person's own. */
export default function NewPasswordStep({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const styles = useStyles();
  return (
    <div className={styles.step}>
      <Text>{PASSWORD_MESSAGES.oneTimeIntro}</Text>
      <ChangePasswordForm user={user} oneTime submitLabel="Continue" onChanged={onDone} />
    </div>
  );
}
