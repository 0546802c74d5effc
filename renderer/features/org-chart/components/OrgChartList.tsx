import { memo, useCallback, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Avatar, Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { OrgChartPerson } from '../../../../shared/api/org-chart';
import { isoDay } from '../../../../shared/rules/dates';
import { FALLBACK_TEXT } from '../../../../shared/rules/people-messages';
import { presenceText } from '../../../../shared/rules/whos-out';
import { isOutToday, outTodayAvatar, outTodayPicture } from '../../../lib/components/PresenceBadge';
import { usePictureUrl } from '../../../lib/picture';
import { indentOf, listKeyMove } from '../org-list';
import type { Forest, PlacedNode, TreeLayout } from '../tree-layout';

const useStyles = makeStyles({
  list: {
    // as wide as a name, its details and the fold button read together, not the whole of a wide window
    display: 'flex', flexDirection: 'column', maxWidth: '760px', boxSizing: 'border-box', backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, padding: `${tokens.spacingVerticalXS} 0`,
  },
  row: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '56px', boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, cursor: 'pointer', borderRadius: tokens.borderRadiusMedium,
    // off screen, a row costs nothing to lay out or paint: a company of 2,000, all unfolded, scrolls smoothly
    contentVisibility: 'auto', containIntrinsicSize: 'auto 64px',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  archived: { opacity: 0.6 },
  picture: { width: '36px', height: '44px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, flexShrink: 0, backgroundColor: tokens.colorNeutralBackground3 },
  avatar: { flexShrink: 0 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  presence: { color: tokens.colorPaletteDarkOrangeForeground2, fontWeight: tokens.fontWeightSemibold },
  outPicture: outTodayPicture,
  outAvatar: outTodayAvatar,
  toggle: { flexShrink: 0, minWidth: '44px' },
  spacer: { width: '44px', flexShrink: 0 },
});

export interface OrgChartListHandle {
  /** scrolls the person's row to the middle of the window and focuses it (their managers unfolded first) */
  reveal: (id: number) => void;
}

interface OrgChartListProps {
  people: ReadonlyMap<number, OrgChartPerson>;
  forest: Forest;
  layout: TreeLayout;
  onToggle: (id: number) => void;
  onOpen: (id: number) => void;
  ref?: Ref<OrgChartListHandle>;
}

/**
 * The org chart as an indented list, for a window the chart cannot fit at a readable size: the
 * same people, folded teams and keys as the chart (a WAI-ARIA tree, one tabbable row), and the
 * page's own scroll.
 */
export function OrgChartList({ people, forest, layout, onToggle, onOpen, ref }: OrgChartListProps) {
  const styles = useStyles();
  const list = useRef<HTMLDivElement>(null);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const focusOnRender = useRef<'focus' | 'reveal' | null>(null);
  const current = focusedId !== null && layout.nodes.has(focusedId) ? focusedId : layout.order[0];

  useImperativeHandle(ref, () => ({
    reveal: (id) => {
      focusOnRender.current = 'reveal';
      setFocusedId(id);
    },
  }), []);

  // after a key or a search: the row gets focus once it is drawn (a search's managers unfold first)
  useLayoutEffect(() => {
    const how = focusOnRender.current;
    if (!how || focusedId === null) return;
    const row = list.current?.querySelector<HTMLElement>(`[data-person-id="${focusedId}"]`);
    if (!row) return;
    focusOnRender.current = null;
    if (how === 'reveal') row.scrollIntoView({ block: 'center' });
    row.focus({ preventScroll: how === 'reveal' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (current === undefined) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(current);
      return;
    }
    if (event.key === ' ') {
      event.preventDefault();
      if ((layout.nodes.get(current)?.reportCount ?? 0) > 0) onToggle(current);
      return;
    }
    const move = listKeyMove(forest, layout, current, event.key);
    if (move.type === 'none') return;
    event.preventDefault();
    if (move.type === 'toggle') onToggle(move.id);
    else {
      focusOnRender.current = 'focus';
      setFocusedId(move.id);
    }
  };

  const onFocusPerson = useCallback((id: number) => setFocusedId(id), []);
  const siblingsOf = (id: number) => {
    const manager = forest.parent.get(id) ?? null;
    return manager === null ? forest.roots : forest.children.get(manager) ?? [];
  };

  return (
    <div ref={list} role="tree" aria-label="Org chart" className={styles.list} onKeyDown={onKeyDown} data-testid="org-list">
      {layout.order.map((id) => {
        const node = layout.nodes.get(id);
        const person = people.get(id);
        if (!node || !person) return null;
        const siblings = siblingsOf(id);
        return (
          <PersonRow
            key={id} person={person} node={node} tabbable={id === current} setSize={siblings.length} position={siblings.indexOf(id) + 1}
            onOpen={onOpen} onToggle={onToggle} onFocusPerson={onFocusPerson}
          />
        );
      })}
    </div>
  );
}

interface PersonRowProps {
  person: OrgChartPerson;
  node: PlacedNode;
  tabbable: boolean;
  setSize: number;
  position: number;
  onOpen: (id: number) => void;
  onToggle: (id: number) => void;
  onFocusPerson: (id: number) => void;
}

/** One person in the list: picture, name, job title and teams (or who's out); a click opens the profile. */
const PersonRow = memo(function PersonRow({ person, node, tabbable, setSize, position, onOpen, onToggle, onFocusPerson }: PersonRowProps) {
  const styles = useStyles();
  const src = usePictureUrl(person);
  const out = isOutToday(person.presence);
  const label = node.reportCount > 0 ? `${node.collapsed ? 'Expand' : 'Collapse'} ${node.reportCount} reports of ${person.name}` : '';
  return (
    <div
      role="treeitem"
      aria-level={node.depth + 1}
      aria-setsize={setSize}
      aria-posinset={position}
      aria-expanded={node.reportCount > 0 ? !node.collapsed : undefined}
      aria-selected={tabbable}
      tabIndex={tabbable ? 0 : -1}
      data-person-id={person.id}
      data-testid="org-row"
      className={mergeClasses(styles.row, person.status === 'deleted' && styles.archived)}
      style={{ paddingLeft: `calc(${tokens.spacingHorizontalS} + ${indentOf(node.depth)}px)` }}
      onClick={() => onOpen(person.id)}
      onFocus={() => onFocusPerson(person.id)}
    >
      {src ? <img className={mergeClasses(styles.picture, out && styles.outPicture)} src={src} alt="" draggable={false} /> : <Avatar className={mergeClasses(styles.avatar, out && styles.outAvatar)} name={person.name} size={36} aria-hidden />}
      <div className={styles.text}>
        <Text weight="semibold">{person.name}</Text>{' '}
        <Text size={200}>{person.jobTitle ?? FALLBACK_TEXT.unknownJob}</Text>{' '}
        {person.presence ? (
          <Text size={200} className={styles.presence} data-testid="presence">{presenceText(person.presence, isoDay())}</Text>
        ) : person.teams.length > 0 && <Text size={200} className={styles.muted}>{person.teams.join(', ')}</Text>}
      </div>
      {node.reportCount > 0 ? (
        <Button
          className={styles.toggle} size="small" appearance="subtle" tabIndex={-1} aria-label={label} title={label}
          icon={node.collapsed ? <ChevronRightRegular /> : <ChevronDownRegular />}
          onClick={(e) => { e.stopPropagation(); onToggle(person.id); }}
        >
          {node.reportCount}
        </Button>
      ) : <span className={styles.spacer} />}
    </div>
  );
});
