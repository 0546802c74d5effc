import { useEffect, type RefObject } from 'react';

/**
 * react-big-calendar puts its '+N more' button straight into a week's role="row", where only
 * cells may sit (axe: aria-required-children, critical; seen as the owner, whose weeks overflow).
 * The library has no hook for that element, so its segment is given the cell role it lacks,
 * again whenever the calendar re-renders a week.
 */
export function useShowMoreCells(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const fix = () => {
      for (const segment of el.querySelectorAll('.rbc-row-segment:not([role])')) {
        if (segment.querySelector('.rbc-show-more')) segment.setAttribute('role', 'cell');
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);
}
