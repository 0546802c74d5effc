import type { ReactNode } from 'react';
import { Button, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import type { Profile } from '../../../../shared/api/people';
import { FALLBACK_TEXT } from '../../../../shared/rules/people-messages';
import { Section } from './Section';

const useStyles = makeStyles({
  list: {
    display: 'grid', gridTemplateColumns: 'minmax(140px, max-content) 1fr', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, margin: 0,
    // reflow (WCAG 1.4.10): in a narrow window each label sits above its value
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalXXS },
  },
  term: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, overflowWrap: 'anywhere', '@media (max-width: 480px)': { marginBottom: tokens.spacingVerticalS } },
});

const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ');

/**
 * spec §2 'User Information'. Previous team and Access appear only when the hub sent them, which
 * it does for privileged viewers only (spec §6).
 */
export function UserInformation({ profile, canEdit, onEdit, extraAction }: { profile: Profile; canEdit: boolean; onEdit: () => void; extraAction?: ReactNode }) {
  const styles = useStyles();
  const rows: [string, ReactNode][] = [
    ['Name', profile.name],
    ['Role', profile.job?.name ?? FALLBACK_TEXT.noJob],
    ['Team', profile.team.length ? names(profile.team) : FALLBACK_TEXT.noTeam],
    ['Email', profile.email ?? FALLBACK_TEXT.noEmail],
    ['Phone no.', profile.phone ? <Link href={`tel:${profile.phone}`}>{profile.phone}</Link> : FALLBACK_TEXT.notSet],
    ['Direct Manager', profile.teamlead?.name ?? FALLBACK_TEXT.notSet],
  ];
  if (profile.previousTeam !== undefined) rows.push(['Previous team', profile.previousTeam.length ? names(profile.previousTeam) : FALLBACK_TEXT.noPreviousTeam]);
  if (profile.role !== undefined) rows.push(['Access', profile.role?.name ?? FALLBACK_TEXT.noRole]);
  const actions = (
    <>
      {extraAction}
      {canEdit && <Button icon={<EditRegular />} onClick={onEdit}>Edit</Button>}
    </>
  );
  return (
    <Section title="User Information" actions={actions}>
      <dl className={styles.list} data-testid="user-information">
        {rows.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={styles.term}><Text>{term}</Text></dt>
            <dd className={styles.value}><Text>{value}</Text></dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
