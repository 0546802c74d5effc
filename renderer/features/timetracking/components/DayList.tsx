import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { TimeTask } from '../../../../shared/api/timetracking';
import { formatHours, groupTasksByDay } from '../../../../shared/rules/timetracking';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, listStyle: 'none', margin: 0, padding: 0 },
  day: {
    display: 'grid', gridTemplateColumns: '5.5em 1fr', columnGap: tokens.spacingHorizontalL,
    padding: tokens.spacingVerticalM, borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2,
  },
  date: { display: 'flex', flexDirection: 'column', alignItems: 'center', color: tokens.colorBrandForeground1 },
  number: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  tasks: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyle: 'none' },
  task: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalL },
  hours: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  dayTotal: {
    display: 'flex', justifyContent: 'space-between', marginTop: tokens.spacingVerticalXS, paddingTop: tokens.spacingVerticalXS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, fontWeight: tokens.fontWeightSemibold,
  },
});

/** spec §2: tasks grouped by day (day number and weekday name), each with summary and hours, and a daily total. */
export function DayList({ tasks }: { tasks: readonly TimeTask[] }) {
  const styles = useStyles();
  return (
    <ol className={styles.list} aria-label="Days">
      {groupTasksByDay(tasks).map((day) => (
        <li key={day.date} className={styles.day} data-testid="day" aria-label={`${day.dayNumber} ${day.weekday}`}>
          <div className={styles.date}>
            <span className={styles.number} data-testid="day-number">{day.dayNumber}</span>
            <Text size={200} data-testid="day-weekday">{day.weekday}</Text>
          </div>
          <div>
            <ul className={styles.tasks}>
              {day.tasks.map((task) => (
                <li key={task.id} className={styles.task} data-testid="task">
                  <Text data-testid="task-summary">{task.summary}</Text>
                  <Text className={styles.hours} data-testid="task-hours">{formatHours(task.hours)}h</Text>
                </li>
              ))}
            </ul>
            <div className={styles.dayTotal}>
              <span>Daily total</span>
              <span className={styles.hours} data-testid="day-total">{formatHours(day.total)}h</span>
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
