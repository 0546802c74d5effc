import { useRef, useState, type FormEvent } from 'react';
import { Button, Field, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { toCamelKey } from '../../../../shared/api/case';
import { HubError } from '../../../../shared/api/hub-error';
import type { SessionUser } from '../../../../shared/api/users';
import { PASSWORD_MESSAGES } from '../../../../shared/rules/messages';
import { newPasswordProblem } from '../../../../shared/rules/password';
import { errorText } from '../../../lib/api';
import { PasswordInput } from '../../../lib/components/PasswordInput';
import { useChangePassword } from '../api/change-password';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  hubError: { margin: 0, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The form's own checks, with the hub's rule (shared/rules/password.ts) for the new password. */
function check(values: Values, user: SessionUser): Partial<Values> {
  const errors: Partial<Values> = {};
  if (!values.currentPassword) errors.currentPassword = PASSWORD_MESSAGES.currentRequired;
  const problem = values.newPassword ? newPasswordProblem(values.newPassword, user) : PASSWORD_MESSAGES.newRequired;
  if (problem) errors.newPassword = problem;
  else if (values.newPassword === values.currentPassword) errors.newPassword = PASSWORD_MESSAGES.sameAsCurrent;
  if (!values.confirmPassword) errors.confirmPassword = PASSWORD_MESSAGES.confirmRequired;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORD_MESSAGES.confirmMismatch;
  return errors;
}

interface Props {
  user: SessionUser;
  /** the sign-in stepper after an admin's reset: the current password is the one-time one */
  oneTime?: boolean;
  submitLabel: string;
  onChanged: (result: { sessionsEnded: number }) => void;
}

/**
 * Current password, new password and the new one again. Settings → Password and the
 * sign-in stepper's 'New password' step; the hub ends the person's other sessions on success.
 */
export function ChangePasswordForm({ user, oneTime = false, submitLabel, onChanged }: Props) {
  const styles = useStyles();
  const change = useChangePassword();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const currentRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  // only from handlers: a ref read during render would be stale
  const focus = (field: FieldName) => ({ currentPassword: currentRef, newPassword: newRef, confirmPassword: confirmRef })[field].current?.focus();

  const edit = (field: FieldName, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    if (change.isError) change.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(values, user);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      focus(first);
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (result) => {
          setValues(EMPTY);
          onChanged(result);
        },
        onError: (error) => {
          const field = error instanceof HubError ? FIELDS.find((f) => error.errors.some((e) => e.field && toCamelKey(e.field) === f)) : undefined;
          if (field) focus(field);
        },
      },
    );
  };

  const hubField = (field: FieldName) =>
    change.error instanceof HubError ? change.error.errors.find((e) => e.field && toCamelKey(e.field) === field)?.message : undefined;
  const hubGeneral = change.error && !FIELDS.some((f) => hubField(f)) ? errorText(change.error) : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={oneTime ? 'Choose a new password' : 'Change password'}>
      <Field label={oneTime ? 'One-time password' : 'Current password'} required validationMessage={errors.currentPassword ?? hubField('currentPassword')}>
        <PasswordInput ref={currentRef} name="current-password" autoComplete="current-password" autoFocus={oneTime} value={values.currentPassword} onChange={(_, d) => edit('currentPassword', d.value)} />
      </Field>
      <Field label="New password" required hint={PASSWORD_MESSAGES.hint} validationMessage={errors.newPassword ?? hubField('newPassword')}>
        <PasswordInput ref={newRef} name="new-password" autoComplete="new-password" value={values.newPassword} onChange={(_, d) => edit('newPassword', d.value)} />
      </Field>
      <Field label="Confirm new password" required validationMessage={errors.confirmPassword}>
        <PasswordInput ref={confirmRef} name="confirm-password" autoComplete="new-password" value={values.confirmPassword} onChange={(_, d) => edit('confirmPassword', d.value)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabledFocusable={change.isPending} icon={change.isPending ? <Spinner size="tiny" /> : undefined}>
          {submitLabel}
        </Button>
      </div>
      {hubGeneral && <p className={styles.hubError} role="alert">{hubGeneral}</p>}
    </form>
  );
}
