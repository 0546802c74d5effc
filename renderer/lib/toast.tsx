import { useCallback, useEffect } from 'react';
import { Toast, ToastTitle, useToastController } from '@fluentui/react-components';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '../../shared/rules/constants';
import { TOAST_TEXT } from '../../shared/rules/messages';

export const TOASTER_ID = 'hub-toaster';

type Intent = 'success' | 'error';

/**
 * The toaster is its own lazy chunk (renderer/app/AppToaster.tsx). A toast dispatched before it
 * mounted went nowhere: a switch flipped right after a reload saved with no 'Successful'. Until
 * the toaster says it is there, toasts wait here and it shows them when it mounts.
 */
let toasterMounted = false;
const waiting: Array<{ text: string; intent: Intent }> = [];

function show(dispatchToast: ReturnType<typeof useToastController>['dispatchToast'], text: string, intent: Intent): void {
  // a failure interrupts the screen reader, a success waits its turn (Fluent makes both assertive)
  const politeness = intent === 'success' ? 'polite' : 'assertive';
  dispatchToast(<Toast><ToastTitle>{text}</ToastTitle></Toast>, { intent, politeness, timeout: intent === 'success' ? TOAST_SUCCESS_MS : TOAST_ERROR_MS });
}

/** Called by the toaster's chunk: shows what waited, and lets later toasts go straight through. */
export function useToasterMounted(): void {
  const { dispatchToast } = useToastController(TOASTER_ID);
  useEffect(() => {
    toasterMounted = true;
    for (const toast of waiting.splice(0)) show(dispatchToast, toast.text, toast.intent);
    return () => {
      toasterMounted = false;
    };
  }, [dispatchToast]);
}

/** spec §8: general toasts 'Successful' for 3 s and 'Failed' for 5 s; a screen may name the event. */
export function useNotify() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  const notify = useCallback(
    (text: string, intent: Intent) => (toasterMounted ? show(dispatchToast, text, intent) : void waiting.push({ text, intent })),
    [dispatchToast],
  );
  const success = useCallback((text: string = TOAST_TEXT.success) => notify(text, 'success'), [notify]);
  const failure = useCallback((text: string = TOAST_TEXT.error) => notify(text, 'error'), [notify]);
  return { success, failure };
}
