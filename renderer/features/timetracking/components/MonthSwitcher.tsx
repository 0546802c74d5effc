import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronLeft24Regular, ChevronRight24Regular } from '@fluentui/react-icons';
import { monthLabel, TIMETRACKING_TEXT } from '../../../../shared/rules/timetracking';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  // the arrows stay either side of the month; in a narrow window (reflow, WCAG 1.4.10) they take the
  // whole line and the total goes under them
  switcher: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, '@media (max-width: 480px)': { flexGrow: 1 } },
  label: { minWidth: '11em', textAlign: 'center', '@media (max-width: 480px)': { minWidth: 0, flexGrow: 1 } },
  total: { marginLeft: 'auto', color: tokens.colorBrandForeground1 },
});

interface Props {
  /** YYYY-MM shown */
  month: string;
  offset: number;
  /** null: no account, so no total */
  total: number | null;
  onChange(offset: number): void;
}

/** spec §2: previous and next month, the month label and 'Total: Nh'. The future has no hours. */
export function MonthSwitcher({ month, offset, total, onChange }: Props) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <div className={styles.switcher}>
        <Button appearance="subtle" icon={<ChevronLeft24Regular />} aria-label="Previous month" onClick={() => onChange(offset - 1)} />
        <Text as="h2" size={500} weight="semibold" className={styles.label} aria-live="polite" data-testid="month-label">
          {monthLabel(month)}
        </Text>
        <Button appearance="subtle" icon={<ChevronRight24Regular />} aria-label="Next month" disabled={offset >= 0} onClick={() => onChange(offset + 1)} />
      </div>
      {total !== null && (
        <Text size={500} weight="semibold" className={styles.total} data-testid="month-total">
          {TIMETRACKING_TEXT.total(total)}
        </Text>
      )}
    </div>
  );
}
