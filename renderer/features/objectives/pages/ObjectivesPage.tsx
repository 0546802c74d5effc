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
import { useObjectiveList } from '../api/objectives';
import { ActionBar } from '../components/ActionBar';
import { FiltersPanel } from '../components/FiltersPanel';
import { HubErrors } from '../components/HubErrors';
import { KeyResultFormDialog } from '../components/KeyResultFormDialog';
import { ObjectiveCard } from '../components/ObjectiveCard';
import { ObjectiveFormDialog } from '../components/ObjectiveFormDialog';
import { Pagination } from '../components/Pagination';
import { filtersAtom, showPublicAtom, sortAtom } from '../hooks/list-state';
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

  return (
    <PageFrame title="Objectives">
      <ActionBar filtersOpen={filtersOpen} onToggleFilters={() => setFiltersOpen(!filtersOpen)} onNew={() => setEditing({ objective: null })} disabled={offline} />
      <ObjectivesOfflineBanner />
      {filtersOpen && <FiltersPanel />}
      <HubErrors />
      {list.isPending && <Loading label="Loading objectives…" />}
      {list.isError && <Text role="alert" className={styles.error}>{errorText(list.error)}</Text>}
      {list.data && list.data.items.length === 0 && <EmptyState title={OBJECTIVE_MESSAGES.noItems} />}
      {list.data && list.data.items.length > 0 && (
        <div className={styles.grid}>
          {(cards ?? []).map((o) => (
            <ObjectiveCard key={o.id} objective={o} onEdit={(x) => setEditing({ objective: x })} onAddKeyResult={setKrFor} onAction={actions.start} disabled={actions.busy || offline} />
          ))}
        </div>
      )}
      {list.data && (
        // A list cached offline before the hub bounded its totals carries no flag: those were exact.
        <Pagination page={page} total={list.data.total} totalIsExact={list.data.totalIsExact !== false} pageSize={OBJECTIVES_PAGE_SIZE} onPage={setPage} />
      )}
      <ObjectiveFormDialog open={editing !== null} objective={editing?.objective ?? null} onClose={() => setEditing(null)} />
      <KeyResultFormDialog objective={krFor} keyResult={null} onClose={() => setKrFor(null)} />
      {actions.dialog}
    </PageFrame>
  );
}
