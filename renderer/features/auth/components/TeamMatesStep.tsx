import { useState } from 'react';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { CheckmarkRegular } from '@fluentui/react-icons';
import type { MemberSummary } from '../../../../shared/api/users';
import { errorText } from '../../../lib/api';
import { EmailText } from '../../../lib/components/EmailText';
import { PresenceBadge } from '../../../lib/components/PresenceBadge';
import { UserAvatar } from '../../../lib/components/UserAvatar';
import { useInviteTeamMate, useTeamMates } from '../api/team-mates';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxHeight: '320px', overflowY: 'auto' },
  // in a narrow window the button goes under the name rather than squeeze it to a few letters a line
  row: {
    display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  who: { display: 'flex', flexDirection: 'column', flex: '1 1 160px', minWidth: 0 },
  // the whole address, wrapped before its '@' when the row is narrow (cut short it named nobody)
  sub: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  invited: {
    display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold,
    minWidth: '88px', justifyContent: 'center', marginLeft: 'auto',
  },
  inviteSlot: { minWidth: '88px', display: 'flex', justifyContent: 'center', marginLeft: 'auto' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1 },
});

/** One member: button, then a loader while the invite runs, then 'Invited' (objective-tracking §4). */
function MemberRow({ member }: { member: MemberSummary }) {
  const styles = useStyles();
  const invite = useInviteTeamMate();
  const [failed, setFailed] = useState<string | null>(null);
  const invited = member.invited === true || invite.isSuccess;
  return (
    <li className={styles.row}>
      <UserAvatar user={member} color="colorful" />
      <span className={styles.who}>
        <Text weight="semibold">{member.name}</Text>
        <Text size={200} className={styles.sub}>{member.job?.name ?? 'Unknown job'}</Text>
        <Text size={200} className={styles.sub}>{member.email ? <EmailText email={member.email} /> : 'No email'}</Text>
        {/* who's out: whether inviting them now will find them in */}
        {member.presence && <span><PresenceBadge presence={member.presence} size="small" /></span>}
        {failed && <Text size={200} className={styles.error} role="alert">{failed}</Text>}
      </span>
      {invited ? (
        <span className={styles.invited}><CheckmarkRegular /> Invited</span>
      ) : invite.isPending ? (
        <span className={styles.inviteSlot}><Spinner size="tiny" aria-label={`Inviting ${member.name}`} /></span>
      ) : (
        <span className={styles.inviteSlot}>
          <Button
            disabled={!member.email}
            aria-label={`Invite ${member.name}`}
            onClick={() => {
              if (!member.email) return;
              setFailed(null);
              invite.mutate({ teamMemberEmail: member.email }, { onError: (e) => setFailed(errorText(e)) });
            }}
          >
            Invite
          </Button>
        </span>
      )}
    </li>
  );
}

/** 'See team mates' (team leads only): the lead's members, each with an invite button. */
export default function TeamMatesStep({ onDone }: { onDone: () => void }) {
  const styles = useStyles();
  const team = useTeamMates();
  return (
    <div className={styles.root}>
      <Text>Invite your team mates to the hub. You can also do it later.</Text>
      {team.isPending && <Spinner label="Loading your team…" />}
      {team.isError && <p className={styles.error} role="alert">{errorText(team.error)}</p>}
      {team.data && team.data.items.length === 0 && <Text>Your team has no other members yet.</Text>}
      {team.data && team.data.items.length > 0 && (
        <ul className={styles.list} aria-label="Team mates">
          {team.data.items.map((m) => <MemberRow key={m.id} member={m} />)}
        </ul>
      )}
      <div className={styles.actions}>
        <Button appearance="primary" onClick={onDone}>Continue</Button>
      </div>
    </div>
  );
}
