import { makeStyles, tokens } from '@fluentui/react-components';
import { HOLIDAY_TYPES } from '../../../../shared/rules/constants';
import { HOLIDAY_TYPE_KEYS } from '../../../../shared/rules/holidays';
import { HOLIDAY_COLORS } from './holiday-colors';

const useStyles = makeStyles({
  list: { display: 'flex', flexWrap: 'wrap', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`, listStyle: 'none', margin: 0, padding: 0 },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  // outlined so the darker colours still show on a dark page
  swatch: { width: '14px', height: '14px', borderRadius: tokens.borderRadiusSmall, flexShrink: 0, boxSizing: 'border-box', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeAccessible}` },
});

/** spec §2/§3: the six event types with their labels and colours. */
export function HolidayLegend() {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label="Legend">
      {HOLIDAY_TYPE_KEYS.map((type) => (
        <li key={type} className={styles.item} data-testid="legend-item">
          <span className={styles.swatch} style={{ backgroundColor: HOLIDAY_COLORS[type] }} aria-hidden="true" />
          {HOLIDAY_TYPES[type]}
        </li>
      ))}
    </ul>
  );
}
