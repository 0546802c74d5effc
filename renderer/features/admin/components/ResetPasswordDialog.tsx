import { useRef } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, MessageBar, MessageBarBody,
  Spinner, Text, tokens,
} from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { errorText } from '../../../lib/api';
import { useNotify } from '../../../lib/toast';
import { useResetPassword } from '../api/password-reset';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  password: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase400, letterSpacing: '0.04em' },
});

/**
 * Admin → Users → Reset password: a confirmation, then the one-time password with a copy
 * button. The password is shown this once (the hub keeps only its hash); the person must choose
 * their own at the next sign-in, and every session of theirs has ended.
 */
export function ResetPasswordDialog({ user, onClose }: { user: { id: number; name: string }; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const reset = useResetPassword();
  const field = useRef<HTMLInputElement>(null);
  const password = reset.data?.password;

  const copy = async () => {
    if (!password) return;
    try {
      await navigator.clipboard.writeText(password);
      notify.success('Copied');
    } catch {
      // no clipboard access (an old browser, a page without focus): leave it selected to copy by hand
      field.current?.select();
      notify.failure('Could not copy: the password is selected, copy it with Ctrl+C.');
    }
  };

  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{password ? `One-time password for ${user.name}` : `Reset the password of ${user.name}?`}</DialogTitle>
          <DialogContent className={styles.content}>
            {!password && (
              <Text>
                {user.name} is signed out everywhere and gets a one-time password, which they must change the next time they sign in.
              </Text>
            )}
            {password && (
              <>
                <Text>Give this password to {user.name} in person or over a channel you trust. It is shown only this once.</Text>
                <Field label="One-time password">
                  <Input
                    ref={field}
                    readOnly
                    value={password}
                    className={styles.password}
                    onFocus={(e) => e.currentTarget.select()}
                    contentAfter={<Button appearance="transparent" size="small" icon={<CopyRegular />} aria-label="Copy the one-time password" onClick={() => void copy()} />}
                  />
                </Field>
              </>
            )}
            {reset.isError && (
              <MessageBar intent="error">
                <MessageBarBody data-testid="dialog-error">{errorText(reset.error)}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            {!password && <Button onClick={onClose}>Cancel</Button>}
            {!password && (
              <Button
                appearance="primary"
                disabled={reset.isPending || reset.isError}
                icon={reset.isPending ? <Spinner size="tiny" /> : undefined}
                onClick={() => reset.mutate(user.id)}
              >
                Reset password
              </Button>
            )}
            {password && <Button appearance="primary" onClick={onClose}>Done</Button>}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
