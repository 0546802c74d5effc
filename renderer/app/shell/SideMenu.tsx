import type { ReactElement } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, mergeClasses, OverlayDrawer, tokens,
} from '@fluentui/react-components';
import {
  BoardRegular, CalendarLtrRegular, DismissRegular, OpenRegular, OrganizationRegular, PeopleCommunityRegular, SettingsRegular,
  ShieldPersonRegular, TargetArrowRegular, TimerRegular,
} from '@fluentui/react-icons';
import type { SessionUser } from '../../../shared/api/users';
import { isDesktop } from '../../lib/transport';
import { isActive, menuItems, type MenuItem } from './menu-items';
import { useDrawerWidth } from './drawer-width';

const ICONS: Record<string, ReactElement> = {
  dashboard: <BoardRegular />,
  team: <PeopleCommunityRegular />,
  'org-chart': <OrganizationRegular />,
  timetracking: <TimerRegular />,
  holidays: <CalendarLtrRegular />,
  admin: <ShieldPersonRegular />,
  settings: <SettingsRegular />,
  'objective-tracking': <TargetArrowRegular />,
};

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  item: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, padding: `${tokens.spacingVerticalMNudge} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium, color: tokens.colorNeutralForeground1, textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase400, borderLeft: `3px solid transparent`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  active: {
    backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold,
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  icon: { fontSize: '20px', display: 'inline-flex' },
  external: { marginLeft: 'auto', fontSize: '16px', color: tokens.colorNeutralForeground3 },
});

/** spec §2: the side menu; the Fluent overlay drawer closes on an outside click and on Escape. */
export function SideMenu({ user, open, onClose }: { user: SessionUser; open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const drawerWidth = useDrawerWidth();
  const { pathname } = useLocation();
  const items = menuItems(user, isDesktop());

  const renderItem = (item: MenuItem) => {
    const active = isActive(item, pathname);
    const className = mergeClasses(styles.item, active && styles.active);
    const content = (
      <>
        <span className={styles.icon}>{ICONS[item.key]}</span>
        {item.label}
        {item.external && <OpenRegular className={styles.external} aria-label="opens in a new tab" />}
      </>
    );
    if (item.external) {
      // spec §2, the web: the area in a new tab, a real href (middle-click and copy link work)
      return (
        <a className={className} href={item.path} target="_blank" rel="noopener noreferrer" aria-current={active ? 'page' : undefined} onClick={onClose}>
          {content}
        </a>
      );
    }
    return (
      <Link className={className} to={item.path} aria-current={active ? 'page' : undefined} onClick={onClose}>
        {content}
      </Link>
    );
  };

  return (
    <OverlayDrawer open={open} onOpenChange={(_, data) => !data.open && onClose()} position="start" size="small" aria-label="Main menu" className={drawerWidth.fits}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close menu" icon={<DismissRegular />} onClick={onClose} />}>
          Menu
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <nav aria-label="Main">
          <ul className={styles.list}>
            {items.map((item) => <li key={item.key}>{renderItem(item)}</li>)}
          </ul>
        </nav>
      </DrawerBody>
    </OverlayDrawer>
  );
}
