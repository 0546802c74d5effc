import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, PersonAddRegular } from '@fluentui/react-icons';
import type { DirectoryMember, DirectoryFilters as Filters } from '../../../../shared/api/people';
import { hasCapability } from '../../../../shared/rules/permissions';
import { USERS_EXPORT_FILE } from '../../../../shared/rules/people-exports';
import { errorText } from '../../../lib/api';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { OFFLINE_VIEWS, OfflineBanner, useOffline } from '../../../lib/offline';
import { globalSearchAtom } from '../../../lib/search';
import { userAtom } from '../../../lib/session/session';
import { getTransport } from '../../../lib/transport';
import { buildQuery } from '../../../lib/transport/web';
import { useNotify } from '../../../lib/toast';
import { EMPTY_FILTERS, filterQuery, useDirectory } from '../api/directory';
import { DirectoryFilters } from '../components/DirectoryFilters';
import { GoToTop } from '../components/GoToTop';
import { MemberCard } from '../components/MemberCard';
import { useDebounced } from '../../../lib/use-debounced';
import { useScrolledPast } from '../hooks/useScrolledPast';

const MemberDialog = lazy(() => import('../components/MemberDialog'));
const NO_MEMBERS: DirectoryMember[] = [];

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(200px, 100%), 1fr))', gap: tokens.spacingHorizontalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  footer: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalL, minHeight: '40px' },
  count: { color: tokens.colorNeutralForeground3 },
});

/** spec §2 'Team directory' (title 'Super-Awesome Team'). */
export default function TeamPage() {
  const styles = useStyles();
  const user = useAtomValue(userAtom);
  // The header search is typed letter by letter: a shorter pause than a name check, so results keep up.
  const search = useDebounced(useAtomValue(globalSearchAtom).trim(), 250);
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [adding, setAdding] = useState(false);
  const scrolled = useScrolledPast();
  const notify = useNotify();
  const effective = useMemo(() => ({ ...filters, search }), [filters, search]);
  const directory = useDirectory(effective);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = directory;
  const offline = useOffline();

  const members = useMemo(() => directory.data?.pages.flatMap((p) => p.items) ?? [], [directory.data]);
  // a page of 48 cards is one long task; rendered as a transition, React yields between
  // cards, so the page stays responsive while they appear (the count and the empty state read `members`)
  const shownMembers = useDeferredValue(members, NO_MEMBERS);
  const drawn = shownMembers === members;

  // The next page loads as the end of the grid comes into view (2,000 members stay smooth).
  useEffect(() => {
    const node = sentinel.current;
    // Offline, only the pages already kept can be shown: asking for more would only fail. And only once the cards of the pages already here are drawn: until then the grid is short and
    // the end always in view, and each page fetched would ask for the next (every page was loaded)
    if (!node || !hasNextPage || offline || !drawn) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '600px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, offline, drawn]);

  const total = directory.data?.pages[0]?.total ?? 0;

  const exportExcel = async () => {
    const result = await getTransport().download(`/exports/users.xlsx${buildQuery(filterQuery(effective))}`, USERS_EXPORT_FILE);
    if (result.status === 'failed') notify.failure(result.message);
  };

  const actions = (
    <div className={styles.actions}>
      {hasCapability(user, 'EXPORT_USERS') && <Button icon={<ArrowDownloadRegular />} disabled={offline} onClick={() => void exportExcel()}>Export to excel</Button>}
      {hasCapability(user, 'ADD_USERS') && <Button appearance="primary" icon={<PersonAddRegular />} disabled={offline} onClick={() => setAdding(true)}>Add member</Button>}
    </div>
  );

  return (
    <PageFrame title="Super-Awesome Team" actions={actions}>
      {!scrolled && (
        <DirectoryFilters value={filters} onChange={setFilters} onClear={() => setFilters(EMPTY_FILTERS)} canSeeArchived={hasCapability(user, 'VIEW_ARCHIVED_USERS')} />
      )}
      <OfflineBanner what={OFFLINE_VIEWS.directory} />
      {directory.isPending ? (
        <Spinner label="Loading members…" />
      ) : directory.isError && !directory.data ? (
        <EmptyState title="The members could not be loaded">{errorText(directory.error)}</EmptyState>
      ) : members.length === 0 ? (
        <EmptyState title="No members found">No member matches the search and filters.</EmptyState>
      ) : (
        <>
          <Text className={styles.count} aria-live="polite">{total === 1 ? '1 member' : `${total} members`}</Text>
          <div className={styles.grid} data-testid="member-grid">
            {shownMembers.map((m) => <MemberCard key={m.id} member={m} />)}
          </div>
        </>
      )}
      <div ref={sentinel} className={styles.footer}>{isFetchingNextPage && <Spinner size="small" label="Loading more…" />}</div>
      {scrolled && <GoToTop />}
      {adding && (
        <Suspense fallback={null}>
          <MemberDialog mode="add" open onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </PageFrame>
  );
}
