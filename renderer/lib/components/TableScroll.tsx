import { useEffect, useRef, useState, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  box: {
    overflowX: 'auto', maxWidth: '100%',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/**
 * Reflow (WCAG 1.4.10 lets a table scroll in its own box): in a window narrower than
 * `minWidth` the table keeps readable columns and scrolls sideways here, never the page. While it
 * does scroll, the box is a named region that takes focus, so a keyboard can scroll it too; at
 * desktop widths it adds no tab stop.
 */
export function TableScroll({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  const styles = useStyles();
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={styles.box} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
