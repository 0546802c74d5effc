import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { LOGIN_MESSAGES } from '../../../../shared/rules/messages';

/**
 * objective-tracking §2: the modal that tells the user whom to ask. Loaded only when the link is
 * used, which keeps the dialog machinery out of the bundle that loads before sign-in.
 */
export default function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Recover your password</DialogTitle>
          <DialogContent>{LOGIN_MESSAGES.forgotPassword}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
