import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    // reflow (WCAG 1.4.10): at 320 px (200 % zoom) the margins give their room to the screen
    '@media (max-width: 480px)': { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}` },
  },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // a title people typed (an objective's) may be one long word; it wraps rather than widen the page
  title: { overflowWrap: 'anywhere', minWidth: 0 },
  empty: {
    display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXXL, borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`, color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

/** The frame every screen shares: its title as the page's one h1, actions beside it. */
export function PageFrame({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-labelledby="page-title">
      <div className={styles.header}>
        <Text as="h1" size={700} weight="semibold" id="page-title" className={styles.title}>{title}</Text>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.empty} role="status">
      <Text size={400} weight="semibold">{title}</Text>
      {children && <Text>{children}</Text>}
    </div>
  );
}
