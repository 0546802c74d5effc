import { Badge, type BadgeProps } from '@fluentui/react-components';
import { CONFIDENCE_LABELS, type Confidence } from '../../../../../shared/rules/check-ins';

const COLOR: Record<Confidence, BadgeProps['color']> = { on_track: 'success', at_risk: 'warning', off_track: 'danger' };

export function ConfidenceBadge({ confidence }: { confidence: Confidence }) {
  return <Badge appearance="filled" color={COLOR[confidence]} data-confidence={confidence}>{CONFIDENCE_LABELS[confidence]}</Badge>;
}
