import { memo } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, Badge, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { DirectoryMember } from '../../../../shared/api/people';
import { FALLBACK_TEXT } from '../../../../shared/rules/people-messages';
import { tenureText } from '../../../../shared/rules/tenure-text';
import { profilePath } from '../../../lib/paths';
import { isOutToday, outTodayAvatar, outTodayPicture, PresenceBadge } from '../../../lib/components/PresenceBadge';
import { usePictureUrl } from '../../../lib/picture';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS, textDecoration: 'none',
    color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4, padding: tokens.spacingVerticalM, textAlign: 'center', minHeight: '260px', boxSizing: 'border-box',
    overflowWrap: 'anywhere', // a long name or job wraps inside the card
    ':hover': { boxShadow: tokens.shadow16 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  },
  picture: { width: '120px', height: '150px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  avatarBox: { width: '120px', height: '150px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  name: { marginTop: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
  // someone out today is greyed, and the badge says so in words
  out: { backgroundColor: tokens.colorNeutralBackground2 },
  outPicture: outTodayPicture,
  outAvatar: outTodayAvatar,
});

/** One member of the directory (spec §2): picture, name, job, team-lead badge, tenure, who's out; opens the profile. */
export const MemberCard = memo(function MemberCard({ member }: { member: DirectoryMember }) {
  const styles = useStyles();
  const src = usePictureUrl(member);
  const tenure = tenureText(member.joinDate);
  const out = isOutToday(member.presence);
  return (
    <Link to={profilePath(member.id)} className={mergeClasses(styles.card, out && styles.out)} data-testid="member-card" data-out={out || undefined}>
      {src ? (
        <img className={mergeClasses(styles.picture, out && styles.outPicture)} src={src} alt="" loading="lazy" />
      ) : (
        <div className={mergeClasses(styles.avatarBox, out && styles.outAvatar)}><Avatar name={member.name} size={96} aria-hidden /></div>
      )}
      <Text weight="semibold" size={400} className={styles.name} data-testid="member-name">{member.name}</Text>
      <Text size={200}>{member.job?.name ?? FALLBACK_TEXT.unknownJob}</Text>
      {member.isTeamLead && <Badge appearance="tint" color="brand">Team lead</Badge>}
      {tenure && <Text size={200} className={styles.muted}>{tenure}</Text>}
      <PresenceBadge presence={member.presence} />
    </Link>
  );
});
