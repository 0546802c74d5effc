import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input, makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }, secret: { fontFamily: tokens.fontFamilyMonospace, width: '100%' } });

/** The endpoint's signing secret, shown this once (docs/api.md 'Webhooks'), with Copy. */
export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const styles = useStyles();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby="webhook-secret-note">
        <DialogBody>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogContent className={styles.content}>
            <Text id="webhook-secret-note">Copy it now: the hub does not show it again. The receiver verifies each delivery's webhook-signature with it.</Text>
            <Input className={styles.secret} readOnly value={secret} aria-label="Signing secret" onFocus={(e) => e.currentTarget.select()} />
            <Text role="status">{copied ? 'Copied' : ''}</Text>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void copy()}>Copy</Button>
            <Button appearance="primary" onClick={onClose}>Done</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
