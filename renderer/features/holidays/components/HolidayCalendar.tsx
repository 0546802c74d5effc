import { useMemo, useRef } from 'react';
import { Calendar, dateFnsLocalizer, type EventPropGetter, type ToolbarProps } from 'react-big-calendar';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronLeft24Regular, ChevronRight24Regular } from '@fluentui/react-icons';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { CALENDAR_CULTURE, type HolidayType } from '../../../../shared/rules/constants';
import { HOLIDAY_TEXT } from '../../../../shared/rules/holidays';
import type { CalendarEvent } from './calendar-events';
import { typeLabel } from './calendar-events';
import { useShowMoreCells } from './show-more-cells';
import { EVENT_TEXT_COLOR, HOLIDAY_COLORS, UNKNOWN_TYPE_COLOR } from './holiday-colors';

// design §3: react-big-calendar, month view only, popup for overflow, en-GB culture (spec §9).
const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (date: Date) => startOfWeek(date, { locale: enGB }),
  getDay,
  locales: { [CALENDAR_CULTURE]: enGB },
});

/** The calendar's grid lines (Griffel takes no border-color shorthand). */
const lines = {
  borderTopColor: tokens.colorNeutralStroke2, borderRightColor: tokens.colorNeutralStroke2,
  borderBottomColor: tokens.colorNeutralStroke2, borderLeftColor: tokens.colorNeutralStroke2,
};

const useStyles = makeStyles({
  root: {
    height: '820px',
    fontFamily: tokens.fontFamilyBase,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
    // react-big-calendar's stylesheet is light only (#ddd lines, #999 days of other months,
    // white popups); every colour it sets is given the theme's token here.
    '& .rbc-month-view': lines,
    '& .rbc-header': lines,
    '& .rbc-header + .rbc-header': lines,
    '& .rbc-month-row + .rbc-month-row': lines,
    '& .rbc-day-bg + .rbc-day-bg': lines,
    '& .rbc-today': { backgroundColor: tokens.colorBrandBackground2 },
    '& .rbc-off-range-bg': { backgroundColor: tokens.colorNeutralBackground3 },
    '& .rbc-off-range': { color: tokens.colorNeutralForeground3 },
    '& .rbc-selected-cell': { backgroundColor: tokens.colorNeutralBackground1Selected },
    // the transparent border is drawn by forced colours, where event backgrounds are not
    '& .rbc-event': { fontSize: tokens.fontSizeBase200, padding: '1px 6px', border: `${tokens.strokeWidthThin} solid transparent` },
    '& .rbc-event.rbc-selected': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
    '& .rbc-show-more': { color: tokens.colorBrandForeground1, backgroundColor: 'transparent', fontWeight: tokens.fontWeightSemibold },
    '& .rbc-overlay': {
      zIndex: 10, boxShadow: tokens.shadow16, borderRadius: tokens.borderRadiusMedium, fontFamily: tokens.fontFamilyBase,
      backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground1, ...lines,
    },
    '& .rbc-overlay-header': { fontWeight: tokens.fontWeightSemibold, borderBottomColor: tokens.colorNeutralStroke2 },
  },
  // reflow (WCAG 1.4.10): in a narrow window the month's name goes under the buttons
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM },
  today: { whiteSpace: 'nowrap' },
  label: { marginLeft: tokens.spacingHorizontalM },
});

function Toolbar({ label, onNavigate }: ToolbarProps<CalendarEvent>) {
  const styles = useStyles();
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Calendar">
      <Button appearance="subtle" icon={<ChevronLeft24Regular />} aria-label="Previous month" onClick={() => onNavigate('PREV')} />
      <Button className={styles.today} onClick={() => onNavigate('TODAY')}>{HOLIDAY_TEXT.thisMonth}</Button>
      <Button appearance="subtle" icon={<ChevronRight24Regular />} aria-label="Next month" onClick={() => onNavigate('NEXT')} />
      <Text as="h2" size={500} weight="semibold" className={styles.label} aria-live="polite" data-testid="calendar-label">{label}</Text>
    </div>
  );
}

// The type colours are dark enough for white text whatever the theme (holiday-colors.ts).
const eventStyle: EventPropGetter<CalendarEvent> = (event) => ({
  style: { backgroundColor: HOLIDAY_COLORS[event.type as HolidayType] ?? UNKNOWN_TYPE_COLOR, color: EVENT_TEXT_COLOR },
  className: 'holiday-event',
});

interface Props {
  date: Date;
  events: CalendarEvent[];
  onNavigate(date: Date): void;
}

export default function HolidayCalendar({ date, events, onNavigate }: Props) {
  const styles = useStyles();
  const components = useMemo(() => ({ toolbar: Toolbar }), []);
  const root = useRef<HTMLDivElement>(null);
  useShowMoreCells(root);
  return (
    <div className={styles.root} data-testid="holiday-calendar" ref={root}>
      <Calendar<CalendarEvent>
        localizer={localizer}
        culture={CALENDAR_CULTURE}
        date={date}
        onNavigate={onNavigate}
        events={events}
        views={['month']}
        view="month"
        onView={() => undefined}
        popup
        components={components}
        eventPropGetter={eventStyle}
        tooltipAccessor={(event) => `${event.title} (${typeLabel(event.type)})`}
        messages={{ showMore: (count) => `+${count} more` }}
      />
    </div>
  );
}
