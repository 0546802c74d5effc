import { Link } from 'react-router-dom';
import { useAtom } from 'jotai';
import { Button, makeStyles, SearchBox, Text, Tooltip, tokens } from '@fluentui/react-components';
import { NavigationRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import type { SessionUser } from '../../../shared/api/users';
import { canSeeMyTeam } from '../../../shared/rules/permissions';
import { globalSearchAtom } from '../../lib/search';
import { UserAvatar } from '../../lib/components/UserAvatar';
import { PATHS } from '../../lib/paths';
import { NotificationBell } from '../../features/notifications';
import { LogoWord } from './Logo';

const useStyles = makeStyles({
  root: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, height: '56px', padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand, boxShadow: tokens.shadow4,
    position: 'sticky', top: 0, zIndex: 10,
    // reflow (WCAG 1.4.10): at 320 px the bell, my team and the account picture stay on screen
    '@media (max-width: 480px)': { gap: tokens.spacingHorizontalXS, padding: `0 ${tokens.spacingHorizontalS}` },
  },
  onBrand: { color: tokens.colorNeutralForegroundOnBrand, ':hover': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundHover } },
  logo: { color: 'inherit', textDecorationLine: 'none', borderRadius: tokens.borderRadiusMedium, padding: '4px', flexShrink: 0 },
  // minWidth 0: the box shrinks below its input's natural width, which would push the buttons off screen
  search: { flexGrow: 1, minWidth: 0, maxWidth: '480px', marginLeft: 'auto', marginRight: 'auto' },
  right: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexShrink: 0, minWidth: 0, '@media (max-width: 480px)': { gap: tokens.spacingHorizontalXS } },
  // a very long name is cut with an ellipsis rather than push the bell and the picture out
  name: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '240px', '@media (max-width: 720px)': { display: 'none' } },
  avatarButton: { minWidth: 'auto', padding: '2px', borderRadius: tokens.borderRadiusCircular },
});

interface Props {
  user: SessionUser;
  menuOpen: boolean;
  onMenu: () => void;
  onTeam: () => void;
  onAccount: () => void;
}

/** spec §2: logo → dashboard, menu toggle, global search, user name, my-team button, account picture. */
export function Header({ user, menuOpen, onMenu, onTeam, onAccount }: Props) {
  const styles = useStyles();
  const [search, setSearch] = useAtom(globalSearchAtom);
  return (
    <header className={styles.root}>
      <Button
        appearance="transparent"
        className={styles.onBrand}
        icon={<NavigationRegular />}
        aria-label="Menu"
        aria-expanded={menuOpen}
        onClick={onMenu}
      />
      <Link to={PATHS.dashboard} className={styles.logo} aria-label="Bitstone Hub, go to the dashboard">
        <LogoWord />
      </Link>
      <SearchBox
        className={styles.search}
        placeholder="Search"
        aria-label="Search"
        value={search}
        onChange={(_, data) => setSearch(data.value)}
      />
      <div className={styles.right}>
        <Text className={styles.name} weight="semibold" data-testid="user-name">{user.name}</Text>
        <NotificationBell />
        {canSeeMyTeam(user) && (
          <Tooltip content="My team" relationship="label">
            <Button appearance="transparent" className={styles.onBrand} icon={<PeopleTeamRegular />} onClick={onTeam} />
          </Tooltip>
        )}
        {/* the name comes from the picture, not an aria-label: axe reads its initials as the
            button's visible text, which an aria-label of 'Account' would not contain (label-in-name) */}
        <Tooltip content="Account" relationship="description">
          <Button appearance="transparent" className={styles.avatarButton} onClick={onAccount}>
            <UserAvatar user={user} color="colorful" size={36} aria-label="Account" />
          </Button>
        </Tooltip>
      </div>
    </header>
  );
}
