import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

/**
 * An alert with one OK over a dialog that stays open (the picture editor's error, the extra
 * details' 'Action denied'). Render it inside the outer DialogSurface, so Fluent stacks the two
 * modals (focus and aria-hidden) instead of hiding the alert behind the first.
 */
export function NestedAlert({ open, title, children, onClose }: { open: boolean; title: ReactNode; children: ReactNode; onClose: () => void }) {
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions><Button appearance="primary" onClick={onClose}>OK</Button></DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
