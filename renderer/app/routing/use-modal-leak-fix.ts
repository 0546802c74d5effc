import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Workaround for a Fluent UI / Tabster bug (microsoft/fluentui#35139, microsoft/tabster#530): a
 * modal dialog or drawer unmounted while open (the session ends with the account drawer open, a
 * 401 arrives while a dialog shows) leaves aria-hidden="true" on #root, hiding the whole next
 * screen from screen readers and keyboard users. After each route change, once no modal is open,
 * the stale attribute is removed.
 */
export function useModalLeakFix(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    // Tabster applies and restores aria-hidden on a 250 ms timer; look after it has run.
    const timer = window.setTimeout(() => {
      if (document.querySelector('[aria-modal="true"]')) return;
      document.getElementById('root')?.removeAttribute('aria-hidden');
    }, 400);
    return () => window.clearTimeout(timer);
  }, [pathname]);
}
