import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { errorText } from '../../../lib/api';

interface Props {
  open: boolean;
  title: string;
  text: string;
  busy: boolean;
  /** the hub's refusal (spec §8 'Action denied: ...'), shown until the dialog closes */
  error: unknown;
  onNo: () => void;
  onYes: () => void;
  yesLabel?: string;
}

/** A No/Yes confirmation (the spec's confirm dialogs), with the hub's answer when it refuses. */
export function ConfirmDelete({ open, title, text, busy, error, onNo, onYes, yesLabel = 'Yes' }: Props) {
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => !d.open && onNo()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {text}
            {error ? (
              <MessageBar intent="error" style={{ marginTop: 12 }}>
                <MessageBarBody data-testid="dialog-error">{errorText(error)}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onNo}>No</Button>
            <Button appearance="primary" disabled={busy || !!error} onClick={onYes}>{yesLabel}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
