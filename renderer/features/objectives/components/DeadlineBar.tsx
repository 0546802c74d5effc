import { makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { overdueText, timeLeft, timeUsed } from '../../../../shared/rules/dates';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  overdue: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** spec §2/§9: a bar of time left (days and hours) or '{n} days overdue' in red. */
export function DeadlineBar({ deadline, createdAt, done }: { deadline: string; createdAt: string; done?: boolean }) {
  const styles = useStyles();
  const left = timeLeft(deadline);
  if (done) {
    // finished work has no time left to count down
    return (
      <div className={styles.root}>
        <ProgressBar value={1} color="success" thickness="large" aria-label="Finished" />
        <Text size={200}>Due {deadline}</Text>
      </div>
    );
  }
  if (left.overdueDays > 0) {
    return (
      <div className={styles.root}>
        <ProgressBar value={1} color="error" thickness="large" aria-label="Deadline passed" />
        <Text size={200} className={styles.overdue}>{overdueText(left.overdueDays)}</Text>
      </div>
    );
  }
  const used = timeUsed(deadline, createdAt);
  return (
    <div className={styles.root}>
      <ProgressBar value={used} color={used > 0.8 ? 'warning' : 'brand'} thickness="large" aria-label="Time used" />
      <Text size={200}>{`${left.days} days ${left.hours} hours left`} · due {deadline}</Text>
    </div>
  );
}
