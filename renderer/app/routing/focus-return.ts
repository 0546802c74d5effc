import { useEffect } from 'react';

/**
 * Where keyboard focus goes when a dialog or menu closes (WCAG 2.4.3): back to what
 * opened it. Fluent does this only for layers opened by its own trigger components; most of ours
 * open from state (New Objective, a menu item that asks for a confirmation), and then Fluent's focus
 * manager either drops focus on <body>, so the next Tab starts again at the top of the page, or
 * gives it to the last trigger it knows, often the header's bell. This notes the element that had
 * focus when focus entered a layer (the opener) and, when the focused element inside the layer is
 * removed with every layer closed, puts focus back on the opener. Focus the person moved themselves
 * (a click, or a Tab before the layer went) is left where it is.
 */

const LAYERS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';
/** how long after a layer closes a focus move counts as the focus manager's, not the person's */
const RESTORE_WINDOW_MS = 150;

const inLayer = (el: Element) => el.closest(LAYERS) !== null;

// Not a test of aria-hidden: Fluent's modal hides the page with it and lifts it only on a timer
// after the dialog has gone, so the opener still carries it at this moment.
function canTakeFocus(el: HTMLElement | null): el is HTMLElement {
  return !!el && el.isConnected && el.getClientRects().length > 0 && !el.closest('[inert]') && !(el as HTMLButtonElement).disabled;
}

export function installFocusReturn(doc: Document): () => void {
  let opener: HTMLElement | null = null;
  let lastOutside: HTMLElement | null = null;
  let focusedInLayer: HTMLElement | null = null;
  let closedAt = -Infinity;

  const layerGone = () => !!focusedInLayer && !focusedInLayer.isConnected && !doc.querySelector(LAYERS);
  const backToOpener = () => {
    focusedInLayer = null;
    if (canTakeFocus(opener) && doc.activeElement !== opener) opener.focus();
  };

  const onFocusIn = (event: FocusEvent) => {
    const el = event.target;
    if (!(el instanceof HTMLElement)) return;
    if (inLayer(el)) {
      // entering from the page, not from one layer to the next (a menu item opening a confirmation)
      if (!focusedInLayer) opener = lastOutside;
      focusedInLayer = el;
      return;
    }
    // the focus manager's own pick as the layer goes, or just after: overruled once by the opener
    const clicked = performance.now() - lastPointerDown < RESTORE_WINDOW_MS;
    if (!clicked && el !== opener && canTakeFocus(opener) && (layerGone() || performance.now() - closedAt < RESTORE_WINDOW_MS)) {
      closedAt = -Infinity;
      backToOpener();
      return;
    }
    // out of a modal dialog that is still open: not the person (the page behind cannot be reached),
    // but focus dropped by a button disabling itself while it saves; the dialog's closing decides
    if (focusedInLayer && doc.querySelector('[aria-modal="true"]')) {
      escapedTo = el;
      return;
    }
    lastOutside = el;
    focusedInLayer = null;
  };
  let escapedTo: HTMLElement | null = null;
  // a press of the pointer is the person choosing where focus goes: never overruled
  let lastPointerDown = -Infinity;
  const onPointerDown = () => { lastPointerDown = performance.now(); };

  let pending = 0;
  const check = () => {
    pending = 0;
    if (!layerGone()) return;
    closedAt = performance.now();
    const now = doc.activeElement;
    const dropped = !now || now === doc.body || now === escapedTo;
    escapedTo = null;
    if (dropped) backToOpener();
    else focusedInLayer = null;
  };
  const observer = new MutationObserver(() => {
    if (!pending) pending = window.setTimeout(check, 0);
  });

  doc.addEventListener('focusin', onFocusIn, true);
  doc.addEventListener('pointerdown', onPointerDown, true);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn, true);
    doc.removeEventListener('pointerdown', onPointerDown, true);
    observer.disconnect();
    window.clearTimeout(pending);
  };
}

export function useFocusReturn(): void {
  useEffect(() => installFocusReturn(document), []);
}
