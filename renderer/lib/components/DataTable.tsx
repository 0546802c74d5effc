import { useEffect, useLayoutEffect, useRef, useState, type Key, type ReactNode } from 'react';
import {
  Badge, Button, makeStyles, mergeClasses, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { errorText } from '../api';
import { Loading } from './Loading';
import { tableMinWidth } from './table-layout';

export interface DataColumn<T> {
  /** the column's header; in stacked rows the label above each value */
  header: string;
  cell: (row: T) => ReactNode;
  /** px side by side; a column without one shares what the others leave */
  width?: number;
  /** for a column without a width: the least it may get before the rows stack */
  minWidth?: number;
  className?: string;
  /**
   * Its place in a stacked row: 'title' heads the card and 'actions' closes it (both without
   * their header); 'field' (the default) is a labelled value beside others, 'wide' one that takes
   * the card's whole width (an address, a message).
   */
  stacked?: 'title' | 'field' | 'wide' | 'actions';
  /** the header is read by screen readers but not shown (an actions column) */
  headerHidden?: boolean;
  /** what the header means, as its tooltip */
  headerTitle?: string;
  /** 'end' for numbers: the header sits over them too */
  align?: 'start' | 'end';
}

/** What stands in for the rows while they load, after a failure, or when there are none. */
export interface TableStatusSource {
  pending: boolean;
  error: unknown;
  emptyText: string;
  onRetry: () => void;
}

interface Props<T> {
  /** the table's name (and the stacked list's) */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  status?: TableStatusSource;
  /** the row just made: marked 'Just added' and scrolled into view */
  highlight?: Key | null;
  /** a row's own look, side by side or stacked, and its name (plans: a key result under its objective) */
  rowClassName?: (row: T, stacked: boolean) => string | undefined;
  rowLabel?: (row: T) => string | undefined;
  /** after the rows, in both layouts (a table's total) */
  footer?: ReactNode;
  /** side by side, the header stays in view while the box around scrolls (a table of fixed height) */
  stickyHeader?: boolean;
  size?: 'small' | 'medium';
  className?: string;
}

const useStyles = makeStyles({
  // its width is the page's, never its content's: that is what decides the layout
  box: { minWidth: 0, width: '100%', overflowWrap: 'anywhere' },
  end: { textAlign: 'end' },
  // Fluent lays a header's text out in a flex 'button' slot: that slot is what moves
  endHeader: { justifyContent: 'flex-end', textAlign: 'end' },
  sticky: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground1 },
  footer: { fontWeight: tokens.fontWeightSemibold },
  hiddenHeader: {
    position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap',
  },
  highlighted: {
    backgroundColor: tokens.colorBrandBackground2,
    outline: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`, outlineOffset: `-${tokens.strokeWidthThick}`,
    // forced colours drop the background: the outline (and the badge's words) still say it
    '@media (forced-colors: active)': { outlineColor: 'Highlight' },
  },
  justAdded: { marginLeft: tokens.spacingHorizontalS, verticalAlign: 'middle' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  title: { fontWeight: tokens.fontWeightSemibold },
  fields: {
    display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100px, 100%), 1fr))', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    margin: 0,
  },
  field: { minWidth: 0 },
  wide: { gridColumn: '1 / -1' },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
  value: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  status: { padding: tokens.spacingVerticalS },
});

/**
 * Whether the box is at least `minWidth` wide, measured before paint and again whenever it
 * changes size (the window, a drawer, zoom).
 */
function useFits(minWidth: number) {
  const box = useRef<HTMLDivElement>(null);
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setFits(el.clientWidth >= minWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [minWidth]);
  return { box, fits };
}

/**
 * The app's tables of records (admin lists, plans, approvals, evaluations, imports, statistics by
 * team and by employee). Side by side while its columns fit (tableMinWidth); in a narrower box
 * (a small window, 200 % zoom) each row becomes a card of labelled values with its actions, so
 * nothing hides in a sideways scroller.
 */
export function DataTable<T>({
  label, columns, rows, rowKey, status, highlight, rowClassName, rowLabel, footer, stickyHeader, size = 'small', className,
}: Props<T>) {
  const styles = useStyles();
  const { box, fits } = useFits(tableMinWidth(columns));
  const highlighted = highlight ?? null;

  // the row just made: brought into view once it is among the rows
  const shown = highlighted !== null && rows.some((row) => rowKey(row) === highlighted);
  useEffect(() => {
    if (!shown) return;
    box.current?.querySelector('[data-highlighted]')?.scrollIntoView({ block: 'nearest' });
  }, [shown, highlighted, fits, box]);

  const isHighlighted = (row: T) => highlighted !== null && rowKey(row) === highlighted;
  // seen as a badge, heard as the row's description: the cell it sits in keeps its own name
  const badge = <Badge appearance="filled" color="brand" className={styles.justAdded} aria-hidden>Just added</Badge>;
  const marked = (row: T) => (isHighlighted(row) ? { 'data-highlighted': true, 'aria-description': 'Just added' } : {});
  const statusText = status && (status.pending || !!status.error || rows.length === 0) && <StatusText status={status} empty={rows.length === 0} />;

  if (!fits) {
    const titles = columns.filter((c) => c.stacked === 'title');
    const fields = columns.filter((c) => c.stacked === undefined || c.stacked === 'field' || c.stacked === 'wide');
    const actions = columns.filter((c) => c.stacked === 'actions');
    return (
      <div ref={box} className={mergeClasses(styles.box, className)}>
        {statusText && <div className={styles.status}>{statusText}</div>}
        <ul className={styles.list} aria-label={label}>
          {rows.map((row) => (
            <li
              key={rowKey(row)}
              className={mergeClasses(styles.card, rowClassName?.(row, true), isHighlighted(row) && styles.highlighted)}
              aria-label={rowLabel?.(row)}
              {...marked(row)}
            >
              {titles.map((c, i) => (
                <div key={c.header} className={mergeClasses(styles.title, c.className)}>{c.cell(row)}{i === 0 && isHighlighted(row) && badge}</div>
              ))}
              {titles.length === 0 && isHighlighted(row) && <div>{badge}</div>}
              {fields.length > 0 && (
                <dl className={styles.fields}>
                  {fields.map((c) => (
                    <div key={c.header} className={mergeClasses(styles.field, c.stacked === 'wide' && styles.wide)}>
                      <dt className={styles.label} title={c.headerTitle}>{c.header}</dt>
                      <dd className={mergeClasses(styles.value, c.className)}>{c.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {actions.map((c) => <div key={c.header} className={mergeClasses(styles.actions, c.className)}>{c.cell(row)}</div>)}
            </li>
          ))}
        </ul>
        {footer && <div className={mergeClasses(styles.status, styles.footer)}>{footer}</div>}
      </div>
    );
  }

  return (
    <div ref={box} className={mergeClasses(styles.box, className)}>
      <Table aria-label={label} size={size}>
        <TableHeader className={mergeClasses(stickyHeader && styles.sticky)}>
          <TableRow>
            {columns.map((c) => (
              <TableHeaderCell
                key={c.header}
                style={c.width ? { width: c.width } : undefined}
                title={c.headerTitle}
                button={c.align === 'end' ? { className: styles.endHeader } : undefined}
              >
                {c.headerHidden ? <span className={styles.hiddenHeader}>{c.header}</span> : c.header}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {statusText && <TableRow><TableCell colSpan={columns.length}>{statusText}</TableCell></TableRow>}
          {rows.map((row) => (
            <TableRow
              key={rowKey(row)}
              className={mergeClasses(rowClassName?.(row, false), isHighlighted(row) && styles.highlighted)}
              aria-label={rowLabel?.(row)}
              {...marked(row)}
            >
              {columns.map((c, i) => (
                <TableCell key={c.header} className={mergeClasses(c.align === 'end' && styles.end, c.className)}>
                  {c.cell(row)}{i === 0 && isHighlighted(row) && badge}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {footer && <TableRow className={styles.footer}><TableCell colSpan={columns.length}>{footer}</TableCell></TableRow>}
        </TableBody>
      </Table>
    </div>
  );
}

/** Loading, the failure with Try again, or the empty text. */
function StatusText({ status, empty }: { status: TableStatusSource; empty: boolean }) {
  const styles = useStyles();
  if (status.pending) return <Loading />;
  if (status.error) {
    return (
      <span role="alert">
        <Text className={styles.error}>{errorText(status.error)}</Text> <Button appearance="transparent" onClick={status.onRetry}>Try again</Button>
      </span>
    );
  }
  return empty ? <Text className={styles.muted} role="status">{status.emptyText}</Text> : null;
}
