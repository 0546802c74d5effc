import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { Link } from '../../../../shared/api/links';
import { LinkCard } from '../../../lib/components/LinkCard';
import type { LinkGroup } from '../link-groups';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { letterSpacing: '0.06em', color: tokens.colorNeutralForeground2, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalXS },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))', gap: tokens.spacingHorizontalL },
});

/** spec §2: links grouped by category under an upper-case heading. */
export function LinkGroups({ groups, onOpen }: { groups: LinkGroup[]; onOpen: (link: Link) => void }) {
  const styles = useStyles();
  return (
    <>
      {groups.map((group) => (
        <section key={group.category} className={styles.group} aria-label={group.category} data-testid="link-group">
          <Text as="h2" size={400} weight="semibold" className={styles.heading}>{group.category.toUpperCase()}</Text>
          <div className={styles.grid}>
            {group.links.map((link) => <LinkCard key={link.id} link={link} onOpen={onOpen} />)}
          </div>
        </section>
      ))}
    </>
  );
}
