import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody } from '@fluentui/react-components';

interface Props {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  saving: boolean;
  /** the hub's messages that belong to no field the form shows */
  general: string | null;
  contentClassName: string;
  /** where the general message sits in the content's layout */
  generalClassName?: string;
  maxWidth?: number;
  children: ReactNode;
}

/** The add/edit dialog frame of the admin tabs: the form, its hub message on top, Cancel and Save. */
export function FormDialog({ title, onClose, onSubmit, saving, general, contentClassName, generalClassName, maxWidth, children }: Props) {
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined} style={maxWidth ? { maxWidth } : undefined}>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={contentClassName}>
              {general && <MessageBar intent="error" className={generalClassName}><MessageBarBody>{general}</MessageBarBody></MessageBar>}
              {children}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button appearance="primary" type="submit" disabled={saving}>Save</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
