import { useCallback } from 'react';
import { Toast, ToastTitle, useToastController } from '@fluentui/react-components';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '../../shared/rules/constants';
import { TOAST_TEXT } from '../../shared/rules/messages';

export const TOASTER_ID = 'hub-toaster';

/** spec §8: general toasts 'Successful' for 3 s and 'Failed' for 5 s; a screen may name the event. */
export function useNotify() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  const success = useCallback(
    (text: string = TOAST_TEXT.success) =>
      dispatchToast(<Toast><ToastTitle>{text}</ToastTitle></Toast>, { intent: 'success', timeout: TOAST_SUCCESS_MS }),
    [dispatchToast],
  );
  const failure = useCallback(
    (text: string = TOAST_TEXT.error) =>
      dispatchToast(<Toast><ToastTitle>{text}</ToastTitle></Toast>, { intent: 'error', timeout: TOAST_ERROR_MS }),
    [dispatchToast],
  );
  return { success, failure };
}
