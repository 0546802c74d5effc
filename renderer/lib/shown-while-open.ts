import { useState } from 'react';

/**
 * A dialog's prop as it should show: the prop itself while the dialog is open, and its last open
 * value while the dialog fades out after a close that cleared it, so a closing dialog does not
 * turn into another form (say 'New objective') on its way out. Kept while rendering, React's way
 * to remember something from an earlier render. Pass values with a stable identity (state).
 */
export function useShownWhileOpen<T>(open: boolean, value: T): T {
  const [shown, setShown] = useState(value);
  if (open && value !== shown) setShown(value);
  return open ? value : shown;
}
