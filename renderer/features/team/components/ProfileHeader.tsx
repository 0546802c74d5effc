import { Avatar, Badge, Button, makeStyles, mergeClasses, Text, tokens, Tooltip } from '@fluentui/react-components';
import { ArchiveRegular, ArrowUndoRegular, CameraRegular } from '@fluentui/react-icons';
import type { Profile } from '../../../../shared/api/people';
import { isOutToday, outTodayPicture, PresenceBadge } from '../../../lib/components/PresenceBadge';
import { usePictureUrl } from '../../../lib/picture';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap', padding: tokens.spacingVerticalL, backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2 },
  photoBox: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS },
  photo: { width: '160px', height: '200px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  avatarBox: { width: '160px', height: '200px', display: 'flex', alignItems: 'center', justifyContent: 'center', backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium },
  // a long name wraps rather than widen the page
  who: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  nameRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  outPicture: outTodayPicture,
});

interface Props {
  profile: Profile;
  /** bumps after an upload so the browser fetches the new picture */
  pictureVersion: number;
  canChangePicture: boolean;
  canArchive: boolean;
  onPicture: () => void;
  onArchive: () => void;
  onRestore: () => void;
}

/** spec §2: photo with an update action, name with the team-lead badge, archive / restore icon buttons. */
export function ProfileHeader({ profile, pictureVersion, canChangePicture, canArchive, onPicture, onArchive, onRestore }: Props) {
  const styles = useStyles();
  const src = usePictureUrl(profile, pictureVersion);
  const out = isOutToday(profile.presence);
  return (
    <div className={styles.root}>
      <div className={styles.photoBox}>
        {src ? (
          <img className={mergeClasses(styles.photo, out && styles.outPicture)} src={src} alt={`Picture of ${profile.name}`} />
        ) : (
          <div className={styles.avatarBox}><Avatar name={profile.name} size={120} /></div>
        )}
        {canChangePicture && <Button size="small" icon={<CameraRegular />} onClick={onPicture}>Update photo</Button>}
      </div>
      <div className={styles.who}>
        <div className={styles.nameRow}>
          <Text as="h2" size={600} weight="semibold" data-testid="profile-name">{profile.name}</Text>
          {profile.isTeamLead && <Badge appearance="tint" color="brand">Team lead</Badge>}
          {profile.status === 'deleted' && <Badge appearance="filled" color="danger">Archived</Badge>}
          <PresenceBadge presence={profile.presence} />
        </div>
        <Text>{profile.job?.name ?? ''}</Text>
      </div>
      {canArchive && profile.status === 'active' && (
        <Tooltip content="Archive" relationship="label">
          <Button icon={<ArchiveRegular />} appearance="subtle" size="large" onClick={onArchive} />
        </Tooltip>
      )}
      {canArchive && profile.status === 'deleted' && (
        <Tooltip content="Restore" relationship="label">
          <Button icon={<ArrowUndoRegular />} appearance="subtle" size="large" onClick={onRestore} />
        </Tooltip>
      )}
    </div>
  );
}
