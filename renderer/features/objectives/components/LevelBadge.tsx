import { Badge } from '@fluentui/react-components';
import { LEVEL_LABELS, levelOf } from '../../../../shared/rules/objective-levels';

/** Team and company objectives carry their level; a personal one (the spec's) shows none. */
export function LevelBadge({ level, showPersonal = false }: { level: string; showPersonal?: boolean }) {
  const l = levelOf(level);
  if (l === 'personal' && !showPersonal) return null;
  return (
    <Badge appearance={l === 'company' ? 'filled' : 'tint'} color={l === 'company' ? 'important' : l === 'team' ? 'informative' : 'subtle'} data-testid="level-badge">
      {LEVEL_LABELS[l]}
    </Badge>
  );
}
