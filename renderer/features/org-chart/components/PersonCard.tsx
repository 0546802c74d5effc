import { memo } from 'react';
import { Avatar, Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { OrgChartPerson } from '../../../../shared/api/org-chart';
import { FALLBACK_TEXT } from '../../../../shared/rules/people-messages';
import { isoDay } from '../../../../shared/rules/dates';
import { presenceText } from '../../../../shared/rules/whos-out';
import { isOutToday, outTodayAvatar, outTodayPicture } from '../../../lib/components/PresenceBadge';
import { usePictureUrl } from '../../../lib/picture';
import { CARD, type PlacedNode } from '../tree-layout';

const useStyles = makeStyles({
  card: {
    position: 'absolute', boxSizing: 'border-box', width: `${CARD.width}px`, height: `${CARD.height}px`,
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: `0 ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow4,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, cursor: 'pointer', userSelect: 'none',
    ':hover': { boxShadow: tokens.shadow16 },
    ':focus-visible': { outline: `${tokens.strokeWidthThicker} solid ${tokens.colorBrandStroke1}`, outlineOffset: '2px' },
  },
  focused: { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  archived: { opacity: 0.6, border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}` },
  // the grey shows while a picture loads, so a card never looks broken
  picture: { width: '48px', height: '60px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, flexShrink: 0, backgroundColor: tokens.colorNeutralBackground3 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  line: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // a name is never cut; it takes a second line, and a very long word breaks; a job title the same
  name: { overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflowWrap: 'anywhere', lineHeight: tokens.lineHeightBase200 },
  job: { overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  // who's out: out today is greyed and said in words on the card's last line
  outPicture: outTodayPicture,
  outAvatar: outTodayAvatar,
  out: { backgroundColor: tokens.colorNeutralBackground2 },
  presence: { color: tokens.colorPaletteDarkOrangeForeground2, fontWeight: tokens.fontWeightSemibold },
  toggle: { flexShrink: 0, minWidth: '36px', paddingLeft: '2px', paddingRight: '2px' },
  // Zoomed far out nobody can read a card: a plain box keeps 2,000 of them cheap to draw.
  dot: {
    position: 'absolute', boxSizing: 'border-box', width: `${CARD.width}px`, height: `${CARD.height}px`,
    backgroundColor: tokens.colorBrandBackground2, border: `4px solid ${tokens.colorBrandStroke2}`, borderRadius: tokens.borderRadiusXLarge,
  },
});

interface PersonCardProps {
  person: OrgChartPerson;
  node: PlacedNode;
  focused: boolean;
  tabbable: boolean;
  onOpen: (id: number) => void;
  onToggle: (id: number) => void;
  onFocusPerson: (id: number) => void;
}

/** One person on the chart: picture, name and job; a click opens their profile. Its smallest text is 12 px (CARD_SMALLEST_TEXT_PX). */
export const PersonCard = memo(function PersonCard({ person, node, focused, tabbable, onOpen, onToggle, onFocusPerson }: PersonCardProps) {
  const styles = useStyles();
  const src = usePictureUrl(person);
  const out = isOutToday(person.presence);
  const label = node.reportCount > 0 ? `${node.collapsed ? 'Expand' : 'Collapse'} ${node.reportCount} reports of ${person.name}` : '';
  return (
    <div
      role="treeitem"
      aria-level={node.depth + 1}
      aria-expanded={node.reportCount > 0 ? !node.collapsed : undefined}
      aria-selected={focused}
      data-person-id={person.id}
      data-testid="org-card"
      tabIndex={tabbable ? 0 : -1}
      className={mergeClasses(styles.card, out && styles.out, focused && styles.focused, person.status === 'deleted' && styles.archived)}
      style={{ transform: `translate(${node.x}px, ${node.y}px)` }}
      onClick={() => onOpen(person.id)}
      onFocus={() => onFocusPerson(person.id)}
    >
      {src ? <img className={mergeClasses(styles.picture, out && styles.outPicture)} src={src} alt="" draggable={false} /> : <Avatar className={out ? styles.outAvatar : undefined} name={person.name} size={48} aria-hidden />}
      {/* named by its text, not an aria-label: axe counts the initials and the reports count as
          visible text, which a label of name and job would leave out (label-in-name) */}
      <div className={styles.text}>
        <Text weight="semibold" className={styles.name}>{person.name}</Text>{' '}
        <Text size={200} className={styles.job} title={person.jobTitle ?? undefined}>{person.jobTitle ?? FALLBACK_TEXT.unknownJob}</Text>{' '}
        {/* the last line: who's out takes the teams' while it lasts */}
        {person.presence ? (
          <Text size={200} className={mergeClasses(styles.line, styles.presence)} data-testid="presence">{presenceText(person.presence, isoDay())}</Text>
        ) : person.teams.length > 0 && <Text size={200} className={mergeClasses(styles.line, styles.muted)}>{person.teams.join(', ')}</Text>}
      </div>
      {node.reportCount > 0 && (
        <Button
          className={styles.toggle} size="small" appearance="subtle" tabIndex={-1} aria-label={label} title={label}
          icon={node.collapsed ? <ChevronRightRegular /> : <ChevronDownRegular />}
          onClick={(e) => { e.stopPropagation(); onToggle(person.id); }}
        >
          {node.reportCount}
        </Button>
      )}
    </div>
  );
});

/** The far-out stand-in for a card. */
export const PersonDot = memo(function PersonDot({ node }: { node: PlacedNode }) {
  const styles = useStyles();
  return <div className={styles.dot} style={{ transform: `translate(${node.x}px, ${node.y}px)` }} data-testid="org-dot" aria-hidden />;
});
