import { useNavigate } from 'react-router-dom';
import {
  Badge, Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, OverlayDrawer, Spinner, Text, tokens,
} from '@fluentui/react-components';
import { DismissRegular, PersonRegular, SettingsRegular, SignOutRegular } from '@fluentui/react-icons';
import type { SessionUser } from '../../../shared/api/users';
import { UserAvatar } from '../../lib/components/UserAvatar';
import { PATHS, profilePath } from '../../lib/paths';
import { useSignOut } from './api/sign-out';
import { useDrawerWidth } from './drawer-width';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalXL, textAlign: 'center', overflowWrap: 'anywhere' },
  email: { color: tokens.colorNeutralForeground3, wordBreak: 'break-all' },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignSelf: 'stretch', marginTop: tokens.spacingVerticalL },
});

/**
 * spec §2: the account picture opens this right drawer: name, email, View profile and Logout; and
 * Settings, where the password and sessions are (the web build has no side-menu entry).
 */
export function AccountDrawer({ user, open, onClose }: { user: SessionUser; open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const drawerWidth = useDrawerWidth();
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <OverlayDrawer open={open} onOpenChange={(_, data) => !data.open && onClose()} position="end" aria-label="Account" className={drawerWidth.fits}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close account" icon={<DismissRegular />} onClick={onClose} />}>
          Account
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <div className={styles.body}>
          <UserAvatar user={user} color="colorful" size={96} />
          <Text size={500} weight="semibold" data-testid="account-name">{user.name}</Text>
          <Text className={styles.email} data-testid="account-email">{user.email ?? 'No email'}</Text>
          {user.role && <Badge appearance="tint">{user.role.name}</Badge>}
          <div className={styles.actions}>
            <Button
              appearance="primary"
              icon={<PersonRegular />}
              onClick={() => {
                onClose();
                navigate(profilePath(user.id));
              }}
            >
              View profile
            </Button>
            <Button
              icon={<SettingsRegular />}
              onClick={() => {
                onClose();
                navigate(PATHS.settings);
              }}
            >
              Settings
            </Button>
            <Button
              icon={signOut.isPending ? <Spinner size="tiny" /> : <SignOutRegular />}
              disabled={signOut.isPending}
              onClick={() => {
                onClose(); // a modal unmounted while open leaves the page aria-hidden (see use-modal-leak-fix)
                signOut.mutate();
              }}
            >
              Logout
            </Button>
          </div>
        </div>
      </DrawerBody>
    </OverlayDrawer>
  );
}
