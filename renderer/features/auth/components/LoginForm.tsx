import { useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { loginBodySchema, type LoginBody } from '../../../../shared/api/auth';
import { errorText } from '../../../lib/api';
import { PasswordInput } from '../../../lib/components/PasswordInput';
import { startSession } from '../../../lib/session/session';
import { useSignIn } from '../api/sign-in';
import { ForgotPasswordLink } from './ForgotPasswordLink';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  hubError: { margin: 0, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

type FieldErrors = Partial<Record<keyof LoginBody, string>>;

function validate(values: LoginBody): { ok: true; data: LoginBody } | { ok: false; errors: FieldErrors } {
  const parsed = loginBodySchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** Username, password with show/hide, Sign In; field messages from shared/, hub errors under the form. */
export function LoginForm() {
  const styles = useStyles();
  const signIn = useSignIn();
  const [values, setValues] = useState<LoginBody>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof LoginBody, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(values);
    if (!result.ok) {
      setErrors(result.errors);
      // keyboard and screen-reader users land on the first field that needs them
      (result.errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    signIn.mutate(result.data, { onSuccess: startSession });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign in">
      <Field label="Username" required validationMessage={errors.username}>
        <Input
          name="username"
          ref={usernameRef}
          autoComplete="username"
          autoFocus
          value={values.username}
          onChange={(_, d) => change('username', d.value)}
        />
      </Field>
      <Field label="Password" required validationMessage={errors.password}>
        <PasswordInput
          name="password"
          ref={passwordRef}
          autoComplete="current-password"
          value={values.password}
          onChange={(_, d) => change('password', d.value)}
        />
      </Field>
      <div className={styles.row}>
        <ForgotPasswordLink />
        <Button type="submit" appearance="primary" disabledFocusable={signIn.isPending} icon={signIn.isPending ? <Spinner size="tiny" /> : undefined}>
          Sign In
        </Button>
      </div>
      {signIn.isError && (
        <p className={styles.hubError} role="alert" data-testid="login-error">{errorText(signIn.error)}</p>
      )}
    </form>
  );
}
