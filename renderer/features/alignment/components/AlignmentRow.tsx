import { memo } from 'react';
import { Badge, makeStyles, ProgressBar, Spinner, Text, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { LevelBadge, StatusBadge } from '../../objectives';
import type { TreeRow } from '../visible-rows';

export const ROW_HEIGHT = 48;
const INDENT = 24;

const useStyles = makeStyles({
  row: {
    position: 'absolute', left: 0, right: 0, height: `${ROW_HEIGHT}px`, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS,
    paddingRight: tokens.spacingHorizontalM, boxSizing: 'border-box', borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    cursor: 'default', outlineStyle: 'none',
    // marks, not fills: a fill would need every text of the row recoloured for high contrast (white on cyan)
    ':hover': { boxShadow: `inset 0 0 0 ${tokens.strokeWidthThin} ${tokens.colorNeutralStroke1}` },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  active: { boxShadow: `inset 4px 0 0 ${tokens.colorBrandStroke1}` },
  toggle: { width: '20px', flexShrink: 0, display: 'flex', justifyContent: 'center', color: tokens.colorNeutralForeground2 },
  title: { minWidth: 0, flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexShrink: 0, '@media (max-width: 640px)': { display: 'none' } },
  progress: { width: '96px', flexShrink: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, '@media (max-width: 480px)': { width: '48px' } },
  bar: { flexGrow: 1, '@media (max-width: 480px)': { display: 'none' } },
  owner: { width: '160px', flexShrink: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2, '@media (max-width: 800px)': { display: 'none' } },
  muted: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface AlignmentRowProps {
  row: TreeRow;
  top: number;
  tabbable: boolean;
  active: boolean;
  onToggle: (row: TreeRow) => void;
  onActivate: (row: TreeRow) => void;
  onFocusRow: (key: string) => void;
}

/** One row of the alignment tree: an objective, a key result, a private end, or a level's loading/more/error row. */
export const AlignmentRow = memo(function AlignmentRow({ row, top, tabbable, active, onToggle, onActivate, onFocusRow }: AlignmentRowProps) {
  const styles = useStyles();
  const n = row.node;
  return (
    <div
      role="treeitem"
      id={`align-${row.key}`}
      data-key={row.key}
      aria-level={row.depth}
      aria-posinset={row.posInSet}
      aria-setsize={row.setSize}
      aria-expanded={row.expandable ? row.expanded : undefined}
      aria-selected={active}
      tabIndex={tabbable ? 0 : -1}
      className={`${styles.row} ${active ? styles.active : ''}`}
      style={{ top, paddingLeft: (row.depth - 1) * INDENT + 8 }}
      onFocus={() => onFocusRow(row.key)}
      onClick={() => (row.kind === 'node' ? onFocusRow(row.key) : onActivate(row))}
      onDoubleClick={() => row.kind === 'node' && onActivate(row)}
    >
      <span
        className={styles.toggle} aria-hidden
        onClick={(e) => { if (row.expandable) { e.stopPropagation(); onToggle(row); } }}
      >
        {row.expandable && (row.expanded ? <ChevronDownRegular /> : <ChevronRightRegular />)}
      </span>
      {row.kind === 'loading' && <><Spinner size="extra-tiny" /><Text className={styles.muted}>Loading…</Text></>}
      {row.kind === 'error' && <Text className={styles.error}>This level could not be loaded. Press Enter to try again.</Text>}
      {row.kind === 'more' && <Text weight="semibold">Show more ({row.shown} of {row.total})</Text>}
      {n?.kind === 'private' && <Text className={styles.muted}>{n.label}</Text>}
      {n && n.kind !== 'private' && (
        <>
          <Text className={styles.title} weight={n.kind === 'objective' && n.level !== 'personal' ? 'semibold' : 'regular'} title={n.title}>{n.title}</Text>
          <span className={styles.badges}>
            {n.kind === 'objective' ? <LevelBadge level={n.level} showPersonal /> : <Badge appearance="outline" color="subtle">Key result</Badge>}
            <StatusBadge status={n.status} />
          </span>
          <span className={styles.progress}>
            <ProgressBar className={styles.bar} value={n.progress / 100} color="success" aria-hidden />
            <Text size={200}>{n.progress}%</Text>
          </span>
          <Text size={200} className={styles.owner} title={n.owner.name}>{n.owner.name}</Text>
        </>
      )}
    </div>
  );
});
