import { Badge, makeStyles, type BadgeProps } from '@fluentui/react-components';
import { CalendarCancelRegular, CalendarClockRegular } from '@fluentui/react-icons';
import type { PresenceAnswer } from '../../../shared/api/whos-out';
import { isoDay } from '../../../shared/rules/dates';
import { presenceText } from '../../../shared/rules/whos-out';

// Who's out: one badge for every screen that shows a person (directory card, profile,
// org chart, team mates). Words always, colour only beside them: 'Out until Fri 28 Nov'.

const useStyles = makeStyles({
  // a badge holds one line by default; a long kind of leave wraps inside a narrow card
  badge: { height: 'auto', minHeight: '20px', whiteSpace: 'normal', textAlign: 'start', overflowWrap: 'anywhere' },
});

/** Whether the person is out today (the screens mute them). */
export const isOutToday = (presence: PresenceAnswer | null | undefined): boolean => !!presence && presence.outUntil !== null;

export function PresenceBadge({ presence, size = 'medium' }: { presence: PresenceAnswer | null | undefined; size?: BadgeProps['size'] }) {
  const styles = useStyles();
  if (!presence) return null;
  const out = isOutToday(presence);
  return (
    <Badge
      className={styles.badge}
      size={size}
      appearance={out ? 'tint' : 'outline'}
      color={out ? 'warning' : 'informative'}
      icon={out ? <CalendarCancelRegular /> : <CalendarClockRegular />}
      data-testid="presence"
    >
      {presenceText(presence, isoDay())}
    </Badge>
  );
}

/** The muted look of someone out today: a greyed picture, never the only sign (the badge says it). */
export const outTodayPicture = { filter: 'grayscale(1)', opacity: 0.55 } as const;
/**
 * The same for initials, which are text: greyed but not faded, so they keep their contrast
 * (faded to 0.55 they read 2.1:1, an axe failure Lighthouse found on the large company's directory).
 */
export const outTodayAvatar = { filter: 'grayscale(1)' } as const;
