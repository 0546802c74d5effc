import { Link } from 'react-router-dom';
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import type { WhosOutDay } from '../../../../shared/api/whos-out';
import { shortDay, WHOS_OUT_TEXT } from '../../../../shared/rules/whos-out';
import { errorText } from '../../../lib/api';
import { outTodayAvatar } from '../../../lib/components/PresenceBadge';
import { UserAvatar } from '../../../lib/components/UserAvatar';
import { profilePath } from '../../../lib/paths';
import { useWhosOut } from '../api/get-whos-out';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow4,
  },
  heading: { margin: 0 },
  days: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  day: {
    // one width for every day's label ('Today · Fri 27 Nov' the longest), so the names line up
    display: 'grid', gridTemplateColumns: '10em minmax(0, 1fr)', alignItems: 'center', gap: tokens.spacingHorizontalM,
    paddingTop: tokens.spacingVerticalXS, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  when: { fontWeight: tokens.fontWeightSemibold },
  people: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}` },
  person: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  personLink: { color: 'inherit' },
  picture: outTodayAvatar,
  muted: { color: tokens.colorNeutralForeground3 },
  holiday: { color: tokens.colorPaletteDarkOrangeForeground2, fontWeight: tokens.fontWeightSemibold },
  error: { color: tokens.colorPaletteRedForeground1 },
});

function Day({ day, today }: { day: WhosOutDay; today: string }) {
  const styles = useStyles();
  const when = day.date === today ? `${WHOS_OUT_TEXT.today} · ${shortDay(day.date)}` : shortDay(day.date);
  return (
    <li className={styles.day} data-testid="whos-out-day">
      <Text className={styles.when}>{when}</Text>
      {day.publicHoliday !== null ? (
        <Text className={styles.holiday}>{WHOS_OUT_TEXT.publicHoliday(day.publicHoliday)}</Text>
      ) : day.people.length === 0 ? (
        <Text className={styles.muted}>{WHOS_OUT_TEXT.nobodyOut}</Text>
      ) : (
        <ul className={styles.people} aria-label={`Out on ${shortDay(day.date)}`}>
          {day.people.map((person) => (
            <li key={person.id} className={styles.person} data-testid="whos-out-person">
              <UserAvatar user={person} size={24} className={styles.picture} aria-hidden />
              <Link to={profilePath(person.id)} className={styles.personLink}>{person.name}</Link>
              {person.kind && <Text size={200} className={styles.muted}>({person.kind})</Text>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The dashboard's 'Who's out' for the person's teams, today and the next five working days. */
export function WhosOutCard() {
  const styles = useStyles();
  const whosOut = useWhosOut();
  const data = whosOut.data;
  const anyoneOut = data?.days.some((d) => d.people.length > 0) ?? false;
  // with nobody out, the days left to show are the public holidays
  const shown = data ? (anyoneOut ? data.days : data.days.filter((d) => d.publicHoliday !== null)) : [];
  return (
    <section className={styles.card} aria-labelledby="whos-out-heading" data-testid="whos-out">
      <Text as="h2" id="whos-out-heading" size={500} weight="semibold" className={styles.heading}>{WHOS_OUT_TEXT.cardHeading}</Text>
      {whosOut.isPending && <Spinner size="small" label="Loading who’s out…" />}
      {whosOut.isError && <Text className={styles.error}>{errorText(whosOut.error)}</Text>}
      {data && !data.hasTeams && <Text className={styles.muted}>{WHOS_OUT_TEXT.cardNoTeams}</Text>}
      {data && data.hasTeams && !anyoneOut && <Text className={styles.muted} data-testid="whos-out-empty">{WHOS_OUT_TEXT.cardEmpty}</Text>}
      {data && data.hasTeams && shown.length > 0 && (
        <ul className={styles.days}>
          {shown.map((day) => <Day key={day.date} day={day} today={data.today} />)}
        </ul>
      )}
    </section>
  );
}
