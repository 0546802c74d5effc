import { useEffect, useRef, type ReactNode } from 'react';
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { SORT_LABELS, type SortCriterion } from '../../../../shared/api/objectives';

// A new objective lands where the list's sort and filters put it, often on another page (or on
// none, made for someone the view leaves out): the list shows it at once, marked, and says where it is.

const useStyles = makeStyles({
  mark: {
    position: 'relative', display: 'flex', flexDirection: 'column', borderRadius: tokens.borderRadiusMedium,
    outline: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`, outlineOffset: tokens.strokeWidthThick,
    '@media (forced-colors: active)': { outlineColor: 'Highlight' },
  },
  badge: { position: 'absolute', top: `calc(-1 * ${tokens.spacingVerticalM})`, left: tokens.spacingHorizontalM, zIndex: 1 },
  pinned: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorBrandBackground2,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke2}`,
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(300px, 100%), 1fr))', gap: tokens.spacingHorizontalL },
});

/** The card of the objective just created, where the list shows it: outlined, 'Just created', scrolled to. */
export function CreatedMark({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const box = useRef<HTMLDivElement>(null);
  // braces: scrollIntoView may answer a promise, and an effect's answer is its cleanup
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={box} className={styles.mark} data-testid="just-created">
      <Badge appearance="filled" color="brand" className={styles.badge}>Just created</Badge>
      {children}
    </div>
  );
}

/**
 * Above the list, when the new objective is not on the page shown: its card, and where the list
 * keeps it, until the person dismisses it.
 */
export function PinnedCreated({ sort, filtered, onDismiss, children }: { sort: SortCriterion; filtered: boolean; onDismiss: () => void; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.pinned} aria-labelledby="just-created-title">
      <div className={styles.head}>
        <span>
          <Text id="just-created-title" weight="semibold">Just created. </Text>
          <Text role="status">
            {`It is on another page of the list, which is sorted by ${SORT_LABELS[sort].toLowerCase()}${filtered ? ', or your filters leave it out' : ''}.`}
          </Text>
        </span>
        <Button appearance="subtle" icon={<DismissRegular />} onClick={onDismiss}>Dismiss</Button>
      </div>
      <div className={styles.grid}><CreatedMark>{children}</CreatedMark></div>
    </section>
  );
}
