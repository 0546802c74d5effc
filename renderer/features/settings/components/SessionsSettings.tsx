import { useState } from 'react';
import {
  Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles,
  Spinner, Text, tokens,
} from '@fluentui/react-components';
import { DesktopRegular, GlobeRegular, SignOutRegular } from '@fluentui/react-icons';
import type { OwnSession } from '../../../../shared/api/sessions';
import { formatLastModified } from '../../../../shared/rules/dates';
import { userAgentSummary } from '../../../../shared/rules/user-agent-summary';
import { errorText } from '../../../lib/api';
import { SettingsCard } from '../../../lib/components/SettingsCard';
import { useNotify } from '../../../lib/toast';
import { useEndSessions, useOwnSessions } from '../api/sessions';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  icon: { fontSize: '24px', color: tokens.colorNeutralForeground3, flexShrink: 0 },
  details: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, gap: tokens.spacingVerticalXXS },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  meta: { color: tokens.colorNeutralForeground3 },
  footer: { display: 'flex', justifyContent: 'flex-end' },
  action: { flexShrink: 0 },
});

type Which = { id: number } | 'others';

function SessionItem({ session, busy, onSignOut }: { session: OwnSession; busy: boolean; onSignOut: () => void }) {
  const styles = useStyles();
  const agent = userAgentSummary(session.userAgent);
  const kind = session.client === 'desktop' ? 'Desktop app' : 'Web';
  return (
    <li className={styles.item} data-testid="session" aria-label={`${kind}: ${agent}${session.current ? ', this device' : ''}`}>
      {session.client === 'desktop' ? <DesktopRegular className={styles.icon} aria-hidden /> : <GlobeRegular className={styles.icon} aria-hidden />}
      <div className={styles.details}>
        <div className={styles.title}>
          <Text weight="semibold" title={session.userAgent ?? undefined}>{agent}</Text>
          <Badge appearance="outline" size="small">{kind}</Badge>
          {session.current && <Badge appearance="tint" color="brand" size="small">This device</Badge>}
        </div>
        <Text size={200} className={styles.meta}>
          Last seen {formatLastModified(session.lastSeenAt)}{session.lastAddress ? ` from ${session.lastAddress}` : ''} · First seen {formatLastModified(session.createdAt)}
        </Text>
      </div>
      {!session.current && (
        <Button className={styles.action} size="small" icon={busy ? <Spinner size="tiny" /> : <SignOutRegular />} disabled={busy} onClick={onSignOut} aria-label={`Sign out ${agent}, ${kind.toLowerCase()}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Settings → Sessions: where the person is signed in; any other session can be ended from here. */
export function SessionsSettings() {
  const styles = useStyles();
  const notify = useNotify();
  const sessions = useOwnSessions();
  const end = useEndSessions();
  const [confirming, setConfirming] = useState(false);
  const items = sessions.data?.items ?? [];
  const others = items.filter((s) => !s.current).length;
  const ending = (which: Which) =>
    end.isPending && (which === 'others' ? end.variables === 'others' : end.variables !== 'others' && end.variables?.id === which.id);

  const signOut = (which: Which) =>
    end.mutate(which, {
      onSuccess: () => {
        setConfirming(false);
        notify.success(which === 'others' ? 'Signed out everywhere else' : 'Signed out');
      },
      onError: (error) => notify.failure(errorText(error)),
    });

  return (
    <SettingsCard
      id="sessions"
      title="Sessions"
      intro="Where you are signed in. Sign out of any session you do not recognise, then change your password."
      query={sessions}
      spacing="medium"
    >
      {sessions.data && (
        <ul className={styles.list} aria-label="Active sessions">
          {items.map((s) => <SessionItem key={s.id} session={s} busy={ending({ id: s.id })} onSignOut={() => signOut({ id: s.id })} />)}
        </ul>
      )}
      {sessions.data && others === 0 && <Text className={styles.meta}>You are not signed in anywhere else.</Text>}
      {sessions.data && others > 0 && (
        <div className={styles.footer}>
          <Button icon={<SignOutRegular />} onClick={() => setConfirming(true)}>Sign out everywhere else</Button>
        </div>
      )}
      <Dialog open={confirming} modalType="alert" onOpenChange={(_, d) => !d.open && setConfirming(false)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Sign out everywhere else?</DialogTitle>
            <DialogContent>
              {others === 1 ? 'Your other session ends' : `Your ${others} other sessions end`} and your API tokens are revoked; this one stays signed in.
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)}>Cancel</Button>
              <Button appearance="primary" disabled={ending('others')} icon={ending('others') ? <Spinner size="tiny" /> : undefined} onClick={() => signOut('others')}>
                Sign out everywhere else
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </SettingsCard>
  );
}
