import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';

interface Props {
  /** false keeps it mounted but closed; a dialog rendered only while open leaves it out */
  open?: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  saving: boolean;
  /** the submit button's label */
  submitLabel?: string;
  contentClassName?: string;
  maxWidth?: number;
  /** above the fields: the hub's message about no field shown */
  top?: ReactNode;
  /** under the fields: why the save failed */
  bottom?: ReactNode;
  children: ReactNode;
}

/** The frame of an add/edit dialog: the title, the form's fields, Cancel and Save (a spinner while saving). */
export function FormDialog({ open = true, title, onClose, onSubmit, saving, submitLabel = 'Save', contentClassName, maxWidth, top, bottom, children }: Props) {
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-label={title} aria-describedby={undefined} style={maxWidth ? { maxWidth } : undefined}>
        {/* a dialog opened from another one sits inside it in React's tree: its submit stays its own */}
        <form onSubmit={(event) => { event.stopPropagation(); onSubmit(event); }} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={contentClassName}>
              {top}
              {children}
              {bottom}
            </DialogContent>
            <DialogActions>
              {/* disabledFocusable: a disabled button drops keyboard focus to the page behind the dialog,
                  so a person pressing Enter on Save would lose their place while it saves */}
              <Button appearance="secondary" onClick={onClose} disabledFocusable={saving}>Cancel</Button>
              <Button appearance="primary" type="submit" disabledFocusable={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>{submitLabel}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
