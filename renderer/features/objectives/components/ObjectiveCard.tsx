import { Badge, Button, Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import type { Objective } from '../../../../shared/api/objectives';
import { PRIORITY_COLORS } from '../../../../shared/rules/constants';
import { formatLastModified } from '../../../../shared/rules/dates';
import type { ObjectiveAction } from '../../../../shared/rules/objective-status';
import { canAddKeyResult } from '../key-result-rules';
import { detailsPath } from '../paths';
import { DeadlineBar } from './DeadlineBar';
import { LevelBadge } from './LevelBadge';
import { ObjectiveRefLink } from './ObjectiveRefLink';
import { ObjectiveProgress } from './ObjectiveProgress';
import { StatusBadge } from './StatusBadge';
import { StatusMenu } from './StatusMenu';

const useStyles = makeStyles({
  // titles and names are typed by people; a long word wraps inside the card
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, height: '100%', boxSizing: 'border-box', overflowWrap: 'anywhere' },
  title: { overflow: 'hidden', textOverflow: 'ellipsis', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' },
  meta: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXXS, color: tokens.colorNeutralForeground2 },
  label: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: 'auto', flexWrap: 'wrap' },
  public: { alignSelf: 'flex-start' },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  refs: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXS },
  priority: { width: '10px', height: '10px', borderRadius: '50%', display: 'inline-block', marginRight: tokens.spacingHorizontalXS },
});

const supportedByText = (n: number) => (n === 1 ? '1 objective or key result' : `${n} objectives or key results`);

export interface ObjectiveCardProps {
  objective: Objective;
  onEdit: (o: Objective) => void;
  onAddKeyResult: (o: Objective) => void;
  onAction: (o: Objective, a: ObjectiveAction) => void;
  /** offline or busy: actions that need the hub are disabled */
  disabled?: boolean;
}

/** spec §2: the objective card; read-only hides the menu, Add KeyResult and Edit (§6). */
export function ObjectiveCard({ objective: o, onEdit, onAddKeyResult, onAction, disabled }: ObjectiveCardProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <Card className={styles.card} aria-label={o.title} data-testid="objective-card">
      <CardHeader
        header={<Text weight="semibold" size={400} className={styles.title}>{o.title}</Text>}
        description={<span className={styles.badges}><LevelBadge level={o.level} /><StatusBadge status={o.status} nextStatus={o.nextStatus} /></span>}
        action={<StatusMenu actions={o.availableActions} onAction={(a) => onAction(o, a)} disabled={disabled} label={`Status actions for ${o.title}`} />}
      />
      <div className={styles.meta}>
        <Text className={styles.label}>Assignee</Text><Text>{o.owner.name}</Text>
        <Text className={styles.label}>Author</Text><Text>{o.author.name}</Text>
        <Text className={styles.label}>Category</Text><Text>{o.category} · {o.subcategory}</Text>
        <Text className={styles.label}>Priority</Text>
        <Text><span className={styles.priority} style={{ backgroundColor: PRIORITY_COLORS[o.priority] }} />{o.priority}</Text>
        <Text className={styles.label}>Last modified</Text><Text>{formatLastModified(o.lastModificationDate)}</Text>
        {/* what it supports, each a link or 'a private objective'; what supports it is on the details page */}
        {o.supports.length > 0 && (
          <>
            <Text className={styles.label}>Supports</Text>
            <span className={styles.refs} data-testid="card-supports">
              {o.supports.map((ref, i) => <span key={ref ? ref.id : `private-${i}`}><ObjectiveRefLink objective={ref} />{i < o.supports.length - 1 ? ',' : ''}</span>)}
            </span>
          </>
        )}
        {o.supportedByCount > 0 && (
          <><Text className={styles.label}>Supported by</Text><Text data-testid="card-supported-by">{supportedByText(o.supportedByCount)}</Text></>
        )}
      </div>
      <ObjectiveProgress objective={o} />
      <DeadlineBar deadline={o.deadline} createdAt={o.createdAt} done={o.status === 'completed' || o.status === 'archived'} />
      {o.isPublic && <Badge className={styles.public} appearance="outline" color="informative">Public</Badge>}
      <div className={styles.actions}>
        <Button size="small" onClick={() => navigate(detailsPath(o.id), { state: { objectiveId: o.id, isReadOnly: o.readOnly } })}>Details</Button>
        {!o.readOnly && (
          <Button size="small" onClick={() => onAddKeyResult(o)} disabled={disabled || !canAddKeyResult(o)}>Add KeyResult</Button>
        )}
        {!o.readOnly && <Button size="small" onClick={() => onEdit(o)} disabled={disabled}>Edit</Button>}
      </div>
    </Card>
  );
}
