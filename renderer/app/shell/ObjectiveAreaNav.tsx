import { Link, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { CounterBadge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { approvesObjectives, currentAreaScreen, objectiveAreaScreens } from '../../../shared/rules/objective-area';
import { userAtom } from '../../lib/session/session';
import { useApprovalsWaiting } from '../../features/objectives';

const useStyles = makeStyles({
  root: {
    backgroundColor: tokens.colorNeutralBackground1, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXXL} 0`,
    // the page frame's own margins at 320 px (reflow, WCAG 1.4.10)
    '@media (max-width: 480px)': { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM} 0` },
  },
  // a row that wraps: at 320 px every entry stays in view, none behind a scroll
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXS },
  item: {
    display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minHeight: '40px', boxSizing: 'border-box',
    padding: `0 ${tokens.spacingHorizontalM}`, color: tokens.colorNeutralForeground2, textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase300, borderBottom: `3px solid transparent`, borderRadius: `${tokens.borderRadiusMedium} ${tokens.borderRadiusMedium} 0 0`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
    '@media (max-width: 480px)': { padding: `0 ${tokens.spacingHorizontalS}` },
  },
  // the mark is the underline and the weight, not the colour alone (WCAG 1.4.1); forced colours keep the border
  current: {
    color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold, borderBottom: `3px solid ${tokens.colorBrandStroke1}`,
    ':hover': { color: tokens.colorBrandForeground1 },
    '@media (forced-colors: active)': { borderBottomColor: 'Highlight' },
  },
  // read out, not shown: the badge's number says it to the eye
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

/**
 * The objective-tracking area's own navigation (objective-tracking §2's screens), on each of its
 * screens: who sees Approvals and Statistics is shared/rules/objective-area.ts, the rules the
 * route guards and the hub apply. Approvals carries how many requests wait.
 */
export function ObjectiveAreaNav() {
  const styles = useStyles();
  const user = useAtomValue(userAtom);
  const { pathname } = useLocation();
  const approves = !!user && approvesObjectives(user);
  const waiting = useApprovalsWaiting(approves).data?.count ?? 0;
  if (!user) return null;
  const current = currentAreaScreen(pathname);
  return (
    <nav aria-label="Objective Tracking" className={styles.root}>
      <ul className={styles.list}>
        {objectiveAreaScreens(user).map((screen) => {
          const counted = screen.key === 'approvals' && waiting > 0;
          return (
            <li key={screen.key}>
              <Link
                to={screen.path}
                className={mergeClasses(styles.item, current === screen.key && styles.current)}
                aria-current={current === screen.key ? 'page' : undefined}
                data-testid={`area-nav-${screen.key}`}
              >
                {screen.label}
                {/* the name is what shows, then the word the eye does without (WCAG 2.5.3 label in name): 'Approvals 3 waiting' */}
                {counted && (
                  <>
                    {' '}
                    <CounterBadge count={waiting} overflowCount={99} size="small" color="brand" data-testid="approvals-waiting" />
                    <span className={styles.hidden}> waiting</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
