import { Link } from 'react-router-dom';
import {
  Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, OverlayDrawer, Spinner, Text, tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { errorText } from '../../lib/api';
import { UserAvatar } from '../../lib/components/UserAvatar';
import { profilePath } from '../../lib/paths';
import { useTeamDetails } from './api/get-team-details';
import { useDrawerWidth } from './drawer-width';

const useStyles = makeStyles({
  // team and member names wrap inside the drawer
  team: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalL, overflowWrap: 'anywhere' },
  teamName: { textTransform: 'uppercase', letterSpacing: '0.05em', color: tokens.colorNeutralForeground3, marginBottom: tokens.spacingVerticalXS },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  member: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium, color: tokens.colorNeutralForeground1, textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  job: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** spec §2: the my-team button opens this drawer with the teams the user leads or manages. */
export function TeamDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const drawerWidth = useDrawerWidth();
  const details = useTeamDetails(open);
  return (
    <OverlayDrawer open={open} onOpenChange={(_, data) => !data.open && onClose()} position="end" aria-label="My team" className={drawerWidth.fits}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close my team" icon={<DismissRegular />} onClick={onClose} />}>
          My team
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {details.isPending && <Spinner label="Loading team…" />}
        {details.isError && <Text className={styles.error} role="alert">{errorText(details.error)}</Text>}
        {details.data?.teams.length === 0 && <Text>You have no team yet.</Text>}
        {details.data?.teams.map((team) => (
          <section key={team.id} className={styles.team} aria-label={team.name}>
            <Text as="h2" size={300} weight="semibold" className={styles.teamName}>{team.name}</Text>
            {team.members.length === 0 && <Text>No members yet.</Text>}
            <ul className={styles.list}>
              {team.members.map((member) => (
                <li key={member.id}>
                  <Link className={styles.member} to={profilePath(member.id)} onClick={onClose}>
                    <UserAvatar user={member} size={32} color="colorful" />
                    <span className={styles.who}>
                      <Text weight="semibold">{member.name}</Text>
                      <Text size={200} className={styles.job}>{member.job?.name ?? 'Unknown job'}</Text>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </DrawerBody>
    </OverlayDrawer>
  );
}
