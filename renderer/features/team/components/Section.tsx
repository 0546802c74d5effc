import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalL, backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2 },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** A titled block of the profile page (User Information, FILES, EXTRA DETAILS). */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-label={title}>
      <div className={styles.head}>
        <Text as="h2" size={500} weight="semibold">{title}</Text>
        <div className={styles.actions}>{actions}</div>
      </div>
      {children}
    </section>
  );
}
