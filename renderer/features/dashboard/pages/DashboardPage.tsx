import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { Link } from '../../../../shared/api/links';
import { errorText } from '../../../lib/api';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { Loading } from '../../../lib/components/Loading';
import { openExternal } from '../../../lib/external';
import { OFFLINE_VIEWS, OfflineBanner } from '../../../lib/offline';
import { globalSearchAtom } from '../../../lib/search';
import { useNotify } from '../../../lib/toast';
import { useActiveLinks } from '../api/get-links';
import { CategoryFilter } from '../components/CategoryFilter';
import { LinkGroups } from '../components/LinkGroups';
import { WhosOutCard } from '../components/WhosOutCard';
import { categoriesOf, filterLinks, groupByCategory } from '../link-groups';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** spec §2 Dashboard: categorised quick links (the header's search box filters them by name), and who's out in my teams. */
export default function DashboardPage() {
  const styles = useStyles();
  const links = useActiveLinks();
  const search = useAtomValue(globalSearchAtom);
  const [categories, setCategories] = useState<string[]>([]);
  const { failure } = useNotify();
  const all = useMemo(() => links.data?.links ?? [], [links.data]);
  const groups = useMemo(() => groupByCategory(filterLinks(all, categories, search)), [all, categories, search]);

  const open = (link: Link) => {
    // desktop: main's shell.openExternal (http(s) only); web: a new tab
    openExternal(link.url).catch((error: unknown) => failure(errorText(error)));
  };

  return (
    <PageFrame title="Dashboard" actions={<CategoryFilter categories={categoriesOf(all)} selected={categories} onChange={setCategories} />}>
      <OfflineBanner what={OFFLINE_VIEWS.links} />
      <WhosOutCard />
      {links.isPending && <Loading label="Loading links…" />}
      {links.isError && (
        <EmptyState title="The links could not be loaded">
          <Text className={styles.error}>{errorText(links.error)}</Text>{' '}
          <Button appearance="transparent" onClick={() => void links.refetch()}>Try again</Button>
        </EmptyState>
      )}
      {links.isSuccess && all.length === 0 && <EmptyState title="No links yet">An administrator adds links in the admin area.</EmptyState>}
      {links.isSuccess && all.length > 0 && groups.length === 0 && (
        <EmptyState title="No links match">Try another name or clear the category filter.</EmptyState>
      )}
      {groups.length > 0 && <div className={styles.body}><LinkGroups groups={groups} onOpen={open} /></div>}
    </PageFrame>
  );
}
