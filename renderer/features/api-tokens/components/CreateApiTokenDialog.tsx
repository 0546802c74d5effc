import { useState, type FormEvent } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, MessageBar, MessageBarBody,
  Radio, RadioGroup, Textarea, tokens,
} from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import type { ApiTokenCreate } from '../../../../shared/api/api-tokens';
import {
  API_TOKEN_EXPIRY_DAYS, API_TOKEN_MESSAGES, API_TOKEN_NAME_MAX, API_TOKEN_SCOPE_LABELS, DEFAULT_API_TOKEN_SCOPE, type ApiTokenExpiryDays, type ApiTokenScope,
} from '../../../../shared/rules/api-tokens';
import { FormDialog } from '../../../lib/components/FormDialog';
import { lengthHint } from '../../../lib/components/length-hint';
import { generalError, hubFieldErrors } from '../../../lib/field-errors';
import { useNotify } from '../../../lib/toast';
import { useCreateApiToken } from '../api/api-tokens';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  shown: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  secret: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  // the whole token in view, wrapped anywhere, even at 320 px: a person may copy it by hand
  value: { flexGrow: 1, minWidth: 'min(16rem, 100%)', '& textarea': { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' } },
});

const SHOWN = ['name', 'scope', 'expiresInDays'];

/** Making a token: its name, scope and expiry; then the token itself, shown this once. */
export function CreateApiTokenDialog({ scopes, onClose }: { scopes: readonly ApiTokenScope[]; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const create = useCreateApiToken();
  const [form, setForm] = useState<ApiTokenCreate>({ name: '', scope: DEFAULT_API_TOKEN_SCOPE, expiresInDays: 30 });
  const [nameError, setNameError] = useState<string>();
  const errors: Record<string, string | undefined> = { ...hubFieldErrors(create.error), ...(nameError ? { name: nameError } : {}) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) return setNameError(API_TOKEN_MESSAGES.nameRequired);
    create.mutate({ ...form, name: form.name.trim() });
  };

  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      notify.success('Token copied');
    } catch {
      // no clipboard access: the token stays in its field, selected, to copy by hand
      notify.failure('Could not copy. Select the token and copy it yourself.');
    }
  };

  if (create.data) {
    const { token, name } = create.data;
    return (
      <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Your new API token</DialogTitle>
            <DialogContent className={styles.shown}>
              <MessageBar intent="warning">
                <MessageBarBody>Copy the token “{name}” now. It will not be shown again: the hub keeps only a fingerprint of it.</MessageBarBody>
              </MessageBar>
              <div className={styles.secret}>
                <Textarea className={styles.value} readOnly resize="none" rows={2} value={token} aria-label="The new API token" onFocus={(e) => e.currentTarget.select()} />
                <Button icon={<CopyRegular />} onClick={() => void copy(token)}>Copy</Button>
              </div>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>Done</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    );
  }

  return (
    <FormDialog title="New API token" onClose={onClose} onSubmit={submit} saving={create.isPending} submitLabel="Create token" contentClassName={styles.fields}
      bottom={generalError(create.error, SHOWN) && <MessageBar intent="error"><MessageBarBody>{generalError(create.error, SHOWN)}</MessageBarBody></MessageBar>}
    >
      <Field label="Name" required validationMessage={errors.name} hint={lengthHint(form.name, API_TOKEN_NAME_MAX)}>
        <Input value={form.name} maxLength={API_TOKEN_NAME_MAX} onChange={(_, d) => { setForm({ ...form, name: d.value }); setNameError(undefined); }} />
      </Field>
      <Field label="Scope" validationMessage={errors.scope}>
        <RadioGroup value={form.scope} onChange={(_, d) => setForm({ ...form, scope: d.value as ApiTokenScope })}>
          {scopes.map((scope) => <Radio key={scope} value={scope} label={API_TOKEN_SCOPE_LABELS[scope]} />)}
        </RadioGroup>
      </Field>
      <Field label="Expires after" validationMessage={errors.expiresInDays}>
        <RadioGroup value={String(form.expiresInDays)} onChange={(_, d) => setForm({ ...form, expiresInDays: Number(d.value) as ApiTokenExpiryDays })}>
          {API_TOKEN_EXPIRY_DAYS.map((days) => <Radio key={days} value={String(days)} label={`${days} days`} />)}
        </RadioGroup>
      </Field>
    </FormDialog>
  );
}
