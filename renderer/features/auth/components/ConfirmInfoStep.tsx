import { useState, type FormEvent } from 'react';
import { Button, Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { confirmInfoBodySchema, type ConfirmInfoBody } from '../../../../shared/api/auth';
import { HubError } from '../../../../shared/api/hub-error';
import type { SessionUser } from '../../../../shared/api/users';
import { mayChangeUserField, USER_FIELD_MESSAGES } from '../../../../shared/rules/user-fields';
import { errorText } from '../../../lib/api';
import { useConfirmInfo } from '../api/confirm-info';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  hubError: { margin: 0, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

type FieldErrors = Partial<Record<keyof ConfirmInfoBody, string>>;
type FormValues = Required<ConfirmInfoBody>;

/**
 * 'Confirm your information': name, email and phone prefilled from the account, saved on Continue.
 * The email is read-only (and not sent) for a person the user-fields rule does not let change it.
 */
export default function ConfirmInfoStep({ user, onDone }: { user: SessionUser; onDone: (user: SessionUser) => void }) {
  const styles = useStyles();
  const confirm = useConfirmInfo();
  const [values, setValues] = useState<FormValues>({ name: user.name, email: user.email ?? '', phone: user.phone ?? '' });
  const emailEditable = mayChangeUserField(user, { id: user.id, teamIds: user.teamIds }, 'email');
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = (field: keyof ConfirmInfoBody, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { email: _email, ...rest } = values;
    const parsed = confirmInfoBodySchema.safeParse(emailEditable ? values : rest);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'email' || field === 'phone') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    confirm.mutate(parsed.data, { onSuccess: (answer) => onDone(answer.user) });
  };

  const hubField = (field: keyof ConfirmInfoBody) => (confirm.error instanceof HubError ? confirm.error.fieldMessage(field) : undefined);

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Confirm your information">
      <Text>Welcome! Please check that your details are right before you start.</Text>
      <Field label="Name" required validationMessage={errors.name ?? hubField('name')}>
        <Input value={values.name} autoComplete="name" autoFocus onChange={(_, d) => change('name', d.value)} />
      </Field>
      <Field label="Email" required={emailEditable} validationMessage={errors.email ?? hubField('email')} hint={emailEditable ? undefined : USER_FIELD_MESSAGES.ownEmail}>
        <Input type="email" value={values.email} autoComplete="email" readOnly={!emailEditable} onChange={(_, d) => change('email', d.value)} />
      </Field>
      <Field label="Phone" required validationMessage={errors.phone ?? hubField('phone')}>
        <Input type="tel" value={values.phone} autoComplete="tel" onChange={(_, d) => change('phone', d.value)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabledFocusable={confirm.isPending} icon={confirm.isPending ? <Spinner size="tiny" /> : undefined}>
          Continue
        </Button>
      </div>
      {confirm.isError && <p className={styles.hubError} role="alert">{errorText(confirm.error)}</p>}
    </form>
  );
}
