import { useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ldapLoginBodySchema, type LdapLoginBody } from '../../../../../shared/api/sso';
import { errorText } from '../../../../lib/api';
import { startSession } from '../../../../lib/session/session';
import { useLdapSignIn } from '../api/sso';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'flex', justifyContent: 'flex-end' },
  hubError: { margin: 0, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

type FieldErrors = Partial<Record<keyof LdapLoginBody, string>>;

/** The company directory's username and password (LDAP); same messages as the hub form. */
export function LdapForm({ label }: { label: string }) {
  const styles = useStyles();
  const signIn = useLdapSignIn();
  const [values, setValues] = useState<LdapLoginBody>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof LdapLoginBody, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ldapLoginBodySchema.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    signIn.mutate(parsed.data, { onSuccess: startSession });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={`Sign in with ${label}`}>
      <Field label={`${label} username`} required validationMessage={errors.username}>
        <Input name="ldap-username" ref={usernameRef} autoComplete="username" value={values.username} onChange={(_, d) => change('username', d.value)} />
      </Field>
      <Field label={`${label} password`} required validationMessage={errors.password}>
        <Input name="ldap-password" ref={passwordRef} type="password" autoComplete="current-password" value={values.password} onChange={(_, d) => change('password', d.value)} />
      </Field>
      <div className={styles.row}>
        <Button type="submit" appearance="primary" disabledFocusable={signIn.isPending} icon={signIn.isPending ? <Spinner size="tiny" /> : undefined}>
          Sign In
        </Button>
      </div>
      {signIn.isError && <p className={styles.hubError} role="alert" data-testid="ldap-error">{errorText(signIn.error)}</p>}
    </form>
  );
}
