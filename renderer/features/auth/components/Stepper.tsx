import { makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { CheckmarkRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  list: { display: 'flex', listStyleType: 'none', margin: 0, padding: 0, gap: tokens.spacingHorizontalS },
  step: { flexGrow: 1, flexBasis: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS, textAlign: 'center', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  dot: {
    width: '28px', height: '28px', borderRadius: tokens.borderRadiusCircular, display: 'flex', alignItems: 'center', justifyContent: 'center',
    border: `2px solid ${tokens.colorNeutralStroke1}`, fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground1,
  },
  current: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  currentDot: { ...shorthands.borderColor(tokens.colorBrandStroke1), color: tokens.colorBrandForeground1 },
  doneDot: { ...shorthands.borderColor(tokens.colorBrandBackground), backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
});

/** A plain progress stepper (Fluent v9 has none): done steps show a check, the current one is marked for screen readers. */
export function Stepper({ steps, current }: { steps: readonly string[]; current: number }) {
  const styles = useStyles();
  return (
    <ol className={styles.list} aria-label="Sign-in steps">
      {steps.map((label, i) => (
        <li key={label} className={mergeClasses(styles.step, i === current && styles.current)} aria-current={i === current ? 'step' : undefined}>
          <span className={mergeClasses(styles.dot, i === current && styles.currentDot, i < current && styles.doneDot)} aria-hidden>
            {i < current ? <CheckmarkRegular /> : i + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}
