import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Badge, Button, CounterBadge, Link, makeStyles, mergeClasses, Popover, PopoverSurface, PopoverTrigger, Spinner, Text, Tooltip, tokens,
} from '@fluentui/react-components';
import { AlertRegular, CheckmarkCircleRegular } from '@fluentui/react-icons';
import { NOTIFICATION_DONE_LABEL, type Notification } from '../../../../shared/api/notifications';
import { errorText } from '../../../lib/api';
import { LiveRegion, useChangeAnnouncement } from '../../../lib/live/LiveRegion';
import { PATHS } from '../../../lib/paths';
import { useLiveNotifications } from '../api/live';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import { useTrayOpensList, useUnreadForTray } from '../api/tray';
import { relativeTime } from './relative-time';
import { unreadAnnouncement } from './unread-announcement';

const useStyles = makeStyles({
  trigger: { position: 'relative', minWidth: 'auto', padding: '5px', color: tokens.colorNeutralForegroundOnBrand, ':hover': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackgroundHover } },
  badge: { position: 'absolute', top: '0', right: '0', pointerEvents: 'none' },
  surface: { width: '380px', maxWidth: 'calc(100vw - 24px)', padding: 0 },
  head: {
    display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0, maxHeight: '420px', overflowY: 'auto' },
  item: {
    display: 'grid', gridTemplateColumns: '10px 1fr', columnGap: tokens.spacingHorizontalS, width: '100%', textAlign: 'left', cursor: 'pointer',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, border: 'none', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground1, font: 'inherit',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  unread: { backgroundColor: tokens.colorBrandBackground2, ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
  dot: { width: '8px', height: '8px', borderRadius: tokens.borderRadiusCircular, marginTop: '6px', backgroundColor: tokens.colorBrandForeground1 },
  text: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0, overflowWrap: 'anywhere' },
  body: { color: tokens.colorNeutralForeground2 },
  when: { color: tokens.colorNeutralForeground3 },
  empty: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalXXL, color: tokens.colorNeutralForeground3 },
  done: { alignSelf: 'flex-start' },
  foot: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground3 },
});

const SETTINGS_PATH = PATHS.settings;

/** The header's bell, its unread count and the list of the newest notifications. */
export function NotificationBell() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  useLiveNotifications();
  const unread = list.data?.unreadCount ?? 0;
  useUnreadForTray(list.data?.unreadCount);
  useTrayOpensList(setOpen);
  // a pushed notification raises the count without a click; the first count is not news
  const said = useChangeAnnouncement(list.data?.unreadCount, unreadAnnouncement);
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  const openOne = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id);
    setOpen(false);
    void navigate(n.link);
  };

  return (
    <>
      <LiveRegion announcement={said} testId="notification-announcer" />
      {/* Fixed to the viewport like the sticky header it hangs from: as an absolute layer it moved with
          the page while it scrolled and was put back a frame later, so a click in that frame missed. */}
      <Popover open={open} onOpenChange={(_, d) => setOpen(d.open)} positioning={{ position: 'below', align: 'end', strategy: 'fixed' }} trapFocus>
        <PopoverTrigger disableButtonEnhancement>
          <Tooltip content="Notifications" relationship="description">
            <Button appearance="transparent" className={styles.trigger} icon={<AlertRegular />} aria-label={label} data-testid="notification-bell">
              {unread > 0 && <CounterBadge className={styles.badge} count={unread} overflowCount={99} size="small" color="danger" data-testid="notification-count" />}
            </Button>
          </Tooltip>
        </PopoverTrigger>
        <PopoverSurface className={styles.surface} aria-label="Notifications">
          <div className={styles.head}>
            <Text weight="semibold">Notifications</Text>
            <Button appearance="subtle" size="small" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
              Mark all as read
            </Button>
          </div>
          {list.isPending && <Spinner size="small" label="Loading notifications…" style={{ padding: tokens.spacingVerticalL }} />}
          {list.isError && <Text className={styles.foot} role="alert">{errorText(list.error)}</Text>}
          {list.data && list.data.items.length === 0 && (
            <div className={styles.empty}>
              <CheckmarkCircleRegular fontSize={32} />
              <Text>You have no notifications.</Text>
            </div>
          )}
          {list.data && list.data.items.length > 0 && (
            <ul className={styles.list}>
              {list.data.items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    className={mergeClasses(styles.item, !n.readAt && styles.unread)}
                    onClick={() => openOne(n)}
                    aria-label={`${n.readAt ? '' : 'Unread: '}${n.title}. ${n.doneAt ? `${NOTIFICATION_DONE_LABEL}. ` : ''}${n.body}. ${relativeTime(n.createdAt)}`}
                    data-unread={n.readAt ? undefined : 'true'}
                  >
                    <span className={n.readAt ? undefined : styles.dot} />
                    <span className={styles.text}>
                      {/* spaces between the lines, so their text reads as words and sits inside the label (label-in-name) */}
                      <Text weight={n.readAt ? 'regular' : 'semibold'}>{n.title}</Text>{' '}
                      {/* an approval request someone has decided: nothing is left to do */}
                      {n.doneAt && <><Badge className={styles.done} appearance="tint" color="success" size="small" data-testid="notification-done">{NOTIFICATION_DONE_LABEL}</Badge>{' '}</>}
                      <Text size={200} className={styles.body}>{n.body}</Text>{' '}
                      <Text size={100} className={styles.when} title={new Date(n.createdAt).toLocaleString('en-GB')}>{relativeTime(n.createdAt)}</Text>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className={styles.foot}>
            <Link
              href={SETTINGS_PATH}
              onClick={(event) => {
                // the router navigates (the desktop build routes by hash, so a plain href would miss)
                event.preventDefault();
                setOpen(false);
                void navigate(SETTINGS_PATH);
              }}
            >
              Notification settings
            </Link>
          </div>
        </PopoverSurface>
      </Popover>
    </>
  );
}
