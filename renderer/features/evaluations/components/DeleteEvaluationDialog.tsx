import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { CONFIRM_TEXT } from '../../../../shared/rules/objective-status';

/** spec §4: "Are you sure you want to {action} the selected {model}?" */
export function DeleteEvaluationDialog({ open, busy, onConfirm, onClose }: { open: boolean; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-label="Delete evaluation">
        <DialogBody>
          <DialogTitle>Delete evaluation</DialogTitle>
          <DialogContent>{CONFIRM_TEXT.action('delete', 'evaluation')}</DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>Cancel</Button>
            <Button appearance="primary" onClick={onConfirm} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>Delete</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
