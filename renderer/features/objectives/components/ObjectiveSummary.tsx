import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ObjectiveDetail } from '../../../../shared/api/objectives';
import { PRIORITY_COLORS } from '../../../../shared/rules/constants';
import { formatLastModified } from '../../../../shared/rules/dates';
import { DeadlineBar } from './DeadlineBar';
import { LevelBadge } from './LevelBadge';
import { ObjectiveProgress } from './ObjectiveProgress';
import { StatusBadge } from './StatusBadge';

const useStyles = makeStyles({
  root: {
    display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(240px, 1fr)', gap: tokens.spacingHorizontalXXL,
    padding: tokens.spacingVerticalL, borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    // every text here is typed by people; a long word wraps inside the card
    overflowWrap: 'anywhere',
    // reflow (WCAG 1.4.10): in a narrow window the facts go under the description
    '@media (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalL },
  },
  description: { whiteSpace: 'pre-wrap' },
  meta: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, alignContent: 'start' },
  label: { color: tokens.colorNeutralForeground3 },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The objective's fields on the details page (spec §2, §3). */
export function ObjectiveSummary({ objective: o }: { objective: ObjectiveDetail }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <div className={styles.column}>
        <div><LevelBadge level={o.level} /> <StatusBadge status={o.status} nextStatus={o.nextStatus} /> {o.isPublic && <Badge appearance="outline">Public</Badge>}</div>
        <Text className={styles.description}>{o.description}</Text>
        <ObjectiveProgress objective={o} />
        <DeadlineBar deadline={o.deadline} createdAt={o.createdAt} done={o.status === 'completed' || o.status === 'archived'} />
      </div>
      <div className={styles.meta}>
        <Text className={styles.label}>Assignee</Text><Text>{o.owner.name}{o.owner.email ? ` (${o.owner.email})` : ''}</Text>
        <Text className={styles.label}>Author</Text><Text>{o.author.name}</Text>
        <Text className={styles.label}>Team</Text><Text>{o.team?.name ?? '—'}</Text>
        <Text className={styles.label}>Category</Text><Text>{o.category} · {o.subcategory}</Text>
        <Text className={styles.label}>Priority</Text>
        <Text><span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', marginRight: 6, backgroundColor: PRIORITY_COLORS[o.priority] }} />{o.priority}</Text>
        <Text className={styles.label}>Deadline</Text><Text>{o.deadline}</Text>
        <Text className={styles.label}>Created</Text><Text>{formatLastModified(o.createdAt)}</Text>
        <Text className={styles.label}>Last modified</Text><Text>{formatLastModified(o.lastModificationDate)}</Text>
      </div>
    </div>
  );
}
