import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

/** spec §2: the No/Yes confirmations of archive and restore. */
export function ConfirmDialog({ open, title, text, busy, onNo, onYes }: {
  open: boolean; title: string; text: string; busy?: boolean; onNo: () => void; onYes: () => void;
}) {
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => !d.open && onNo()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{text}</DialogContent>
          <DialogActions>
            <Button onClick={onNo}>No</Button>
            <Button appearance="primary" disabled={busy} onClick={onYes}>Yes</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
