import { useDeferredValue, useState } from 'react';
import { useAtomValue } from 'jotai';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { Objective, ObjectiveListQuery } from '../../../../shared/api/objectives';
import { OBJECTIVES_PAGE_SIZE } from '../../../../shared/rules/constants';
import { OBJECTIVE_MESSAGES } from '../../../../shared/rules/objective-messages';
import { errorText } from '../../../lib/api';
import { Loading } from '../../../lib/components/Loading';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { userAtom } from '../../../lib/session/session';
import { useObjective, useObjectiveCount, useObjectiveList } from '../api/objectives';
import { ActionBar } from '../components/ActionBar';
import { FiltersPanel } from '../components/FiltersPanel';
import { HubErrors } from '../components/HubErrors';
import { CreatedMark, PinnedCreated } from '../components/JustCreated';
import { KeyResultFormDialog } from '../components/KeyResultFormDialog';
import { ObjectiveCard } from '../components/ObjectiveCard';
import { ObjectiveFormDialog } from '../components/ObjectiveFormDialog';
import { Pagination } from '../components/Pagination';
import { filtersAtom, hasFilters, showPublicAtom, sortAtom } from '../hooks/list-state';
import { useObjectiveAction } from '../hooks/use-objective-action';
import { useOffline } from '../../../lib/offline';
import { ObjectivesOfflineBanner } from '../offline';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(300px, 100%), 1fr))', gap: tokens.spacingHorizontalL },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** spec §2 Objectives list: action bar, remembered filters and sort, 9 cards per page. */
export default function ObjectivesPage() {
  const styles = useStyles();
  const user = useAtomValue(userAtom);
  const sort = useAtomValue(sortAtom);
  const filters = useAtomValue(filtersAtom);
  const showPublic = useAtomValue(showPublicAtom);
  // A page belongs to the filter, sort and view it was chosen under: a new one starts again on
  // the first page (read while rendering, so the old page is never fetched under the new filter).
  const [paging, setPaging] = useState({ page: 1, sort, filters, showPublic });
  const page = paging.sort === sort && paging.filters === filters && paging.showPublic === showPublic ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, sort, filters, showPublic });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [editing, setEditing] = useState<{ objective: Objective | null } | null>(null);
  const [krFor, setKrFor] = useState<Objective | null>(null);
  const actions = useObjectiveAction('list');
  const offline = useOffline();

  // §6: a regular user sees their own objectives by default; leads, owners and managers see every assignee.
  const regular = !!user && !user.isOwner && !user.isTeamLead && !user.isTeamsManager;
  const query: ObjectiveListQuery = {
    ...filters,
    ownerId: showPublic ? filters.ownerId : (filters.ownerId ?? (regular ? user?.id : undefined)),
    privacy: showPublic ? 'public' : undefined,
    sortCriterion: sort,
    page,
    limit: OBJECTIVES_PAGE_SIZE,
  };
  const list = useObjectiveList(query);
  // the cards render as a transition, React yielding between them (see TeamPage)
  const cards = useDeferredValue(list.data?.items);
  // Past the list's bound ("100+") the real number is one more call, made beside the page; a
  // list cached offline before the hub bounded its totals carries no flag: those were exact.
  const { page: _page, limit: _limit, sortCriterion: _sort, ...countQuery } = query;
  const bounded = list.data?.totalIsExact === false;
  const exactCount = useObjectiveCount(countQuery, bounded);
  const total = bounded ? (exactCount.data ?? list.data?.total ?? 0) : (list.data?.total ?? 0);
  // the objective just created: marked where the list shows it, or pinned above it with where it is
  const [created, setCreated] = useState<number | null>(null);
  const createdHere = created !== null && (cards ?? []).some((o) => o.id === created);
  const pinned = useObjective(created !== null && !createdHere ? created : null);
  const card = (o: Objective) => (
    <ObjectiveCard key={o.id} objective={o} onEdit={(x) => setEditing({ objective: x })} onAddKeyResult={setKrFor} onAction={actions.start} disabled={actions.busy || offline} />
  );

  return (
    <PageFrame title="Objectives">
      <ActionBar filtersOpen={filtersOpen} onToggleFilters={() => setFiltersOpen(!filtersOpen)} onNew={() => setEditing({ objective: null })} disabled={offline} />
      <ObjectivesOfflineBanner />
      {filtersOpen && <FiltersPanel />}
      <HubErrors />
      {created !== null && !createdHere && pinned.data && (
        <PinnedCreated sort={sort} filtered={hasFilters(filters) || showPublic} onDismiss={() => setCreated(null)}>{card(pinned.data)}</PinnedCreated>
      )}
      {list.isPending && <Loading label="Loading objectives…" />}
      {list.isError && <Text role="alert" className={styles.error}>{errorText(list.error)}</Text>}
      {list.data && list.data.items.length === 0 && <EmptyState title={OBJECTIVE_MESSAGES.noItems} />}
      {list.data && list.data.items.length > 0 && (
        <div className={styles.grid}>
          {(cards ?? []).map((o) => (o.id === created ? <CreatedMark key={o.id}>{card(o)}</CreatedMark> : card(o)))}
        </div>
      )}
      {list.data && (
        <Pagination page={page} total={total} totalIsExact={!bounded || exactCount.data !== undefined} pageSize={OBJECTIVES_PAGE_SIZE} onPage={setPage} />
      )}
      <ObjectiveFormDialog open={editing !== null} objective={editing?.objective ?? null} onClose={() => setEditing(null)} onCreated={setCreated} />
      <KeyResultFormDialog objective={krFor} keyResult={null} onClose={() => setKrFor(null)} />
      {actions.dialog}
    </PageFrame>
  );
}
