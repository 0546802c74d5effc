import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, makeStyles, MessageBar, MessageBarBody, SearchBox, Spinner, Text, tokens } from '@fluentui/react-components';
import { Open20Regular } from '@fluentui/react-icons';
import { endOfMonth, endOfWeek, startOfMonth, startOfWeek } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { isoDay } from '../../../../shared/rules/dates';
import { daysLeftText, HOLIDAY_TEXT } from '../../../../shared/rules/holidays';
import { errorText } from '../../../lib/api';
import { PageFrame } from '../../../lib/components/PageFrame';
import { openExternal } from '../../../lib/external';
import { OFFLINE_VIEWS, OfflineBanner } from '../../../lib/offline';
import { userAtom } from '../../../lib/session/session';
import { useActiveTeams, useHolidayEvents, useMyDaysLeft, usePublicHolidays } from '../api/holidays';
import { calendarEvents } from '../components/calendar-events';
import HolidayCalendar from '../components/HolidayCalendar';
import { HolidayLegend } from '../components/HolidayLegend';
import { TeamFilter } from '../components/TeamFilter';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  daysLeft: { marginLeft: 'auto', color: tokens.colorBrandForeground1 },
  search: { minWidth: '240px' },
});

/** The days the month view shows, edge weeks included (en-GB weeks start on Monday). */
function visibleRange(date: Date): { from: string; to: string; years: number[] } {
  const first = startOfWeek(startOfMonth(date), { locale: enGB });
  const last = endOfWeek(endOfMonth(date), { locale: enGB });
  const years = [...new Set([first.getFullYear(), last.getFullYear()])];
  return { from: isoDay(first), to: isoDay(last), years };
}

// people-and-shell §2 Holidays.
export default function HolidaysPage() {
  const styles = useStyles();
  const user = useAtomValue(userAtom);
  const [date, setDate] = useState(() => new Date());
  const [search, setSearch] = useState('');
  // the teams picked in the dropdown; null until the user picks
  const [picked, setSelected] = useState<number[] | null>(null);
  const range = useMemo(() => visibleRange(date), [date]);

  const teams = useActiveTeams();
  const days = useMyDaysLeft();
  const events = useHolidayEvents(range.from, range.to);
  const publicDays = usePublicHolidays(range.years);

  const activeTeams = useMemo(() => (teams.data?.teams ?? []).filter((t) => t.status === 'active'), [teams.data]);
  // spec §2: the Teams dropdown starts on the user's own (active) teams.
  const ownTeams = useMemo(() => (user ? user.teamIds.filter((id) => activeTeams.some((t) => t.id === id)) : []), [user, activeTeams]);
  const selected = picked ?? ownTeams;
  const shown = useMemo(
    () => calendarEvents(events.data?.allHolidays ?? [], publicDays, selected, search),
    [events.data, publicDays, selected, search],
  );
  const appUrl = days.data?.holidaysAppUrl ?? null;

  return (
    <PageFrame
      title={HOLIDAY_TEXT.heading}
      actions={
        <Button appearance="primary" icon={<Open20Regular />} disabled={!appUrl} onClick={() => appUrl && void openExternal(appUrl)}>
          {HOLIDAY_TEXT.openApp}
        </Button>
      }
    >
      <div className={styles.bar}>
        <TeamFilter teams={activeTeams} selected={selected} onChange={setSelected} />
        <SearchBox className={styles.search} aria-label="Search events" placeholder="Search events" value={search} onChange={(_, d) => setSearch(d.value)} />
        <Text size={500} weight="semibold" className={styles.daysLeft} data-testid="days-left">
          {days.isPending ? <Spinner size="tiny" label="Loading days left" /> : daysLeftText(days.data?.holidays?.daysLeft)}
        </Text>
      </div>
      <OfflineBanner what={OFFLINE_VIEWS.holidays} />
      <HolidayLegend />
      {(events.isError || teams.isError) && (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(events.error ?? teams.error)}</MessageBarBody>
        </MessageBar>
      )}
      <HolidayCalendar date={date} events={shown} onNavigate={setDate} />
      {events.isFetching && <Spinner size="tiny" label="Loading events…" />}
    </PageFrame>
  );
}
