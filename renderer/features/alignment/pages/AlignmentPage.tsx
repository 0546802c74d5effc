import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Field, Input, makeStyles, Option, Spinner, Text, tokens } from '@fluentui/react-components';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { detailsPath, OBJECTIVE_KEY, useObjectiveChoices } from '../../objectives';
import { TREE_PAGE_SIZE, treeQuery, useTreeLevels, type LevelPage, type TreeFilters } from '../api/alignment-tree';
import { AlignmentSearch, type SearchMatch } from '../components/AlignmentSearch';
import { AlignmentTree, type AlignmentTreeHandle } from '../components/AlignmentTree';
import { objectiveIdsOf, visibleRows, type TreeRow } from '../visible-rows';

const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
  notice: { color: tokens.colorPaletteRedForeground1 },
  team: { minWidth: '180px' },
});

/** How many pages of one level the search may read to find an objective before it gives up. */
const MAX_SEARCH_PAGES = 50;

/**
 * The alignment view: the company's objectives at the top, under each what supports it, down to
 * personal objectives and key results. Levels load as they are unfolded; a search unfolds the
 * path to an objective and centres on it; filters by team and by the period the deadline falls in.
 */
export default function AlignmentPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const client = useQueryClient();
  const choices = useObjectiveChoices();
  const [filters, setFilters] = useState<TreeFilters>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // pages loaded beyond the first, by parent (null: the top)
  const [pageCounts, setPageCounts] = useState<ReadonlyMap<number | null, number>>(new Map());
  const [notice, setNotice] = useState<string | null>(null);
  const tree = useRef<AlignmentTreeHandle>(null);
  const revealKey = useRef<string | null>(null);

  const pages = useMemo<LevelPage[]>(() => {
    const parents = new Set<number | null>([null]);
    for (const key of expanded) {
      const ids = objectiveIdsOf(key);
      const last = ids.at(-1);
      if (last !== undefined) parents.add(last);
    }
    return [...parents].flatMap((parentId) => Array.from({ length: pageCounts.get(parentId) ?? 1 }, (_, i) => ({ parentId, page: i + 1 })));
  }, [expanded, pageCounts]);
  const levels = useTreeLevels(filters, pages);
  const rows = useMemo(() => visibleRows((id) => levels.get(id), expanded), [levels, expanded]);

  // a search waits for the path's levels to be rows before it centres the tree on the match
  useEffect(() => {
    const key = revealKey.current;
    if (key && rows.some((r) => r.key === key)) {
      revealKey.current = null;
      tree.current?.reveal(key);
    }
  }, [rows]);

  const setFilter = (next: TreeFilters) => {
    setFilters(next);
    setExpanded(new Set());
    setPageCounts(new Map());
    setNotice(null);
  };

  const onToggle = useCallback((row: TreeRow) => setExpanded((current) => {
    const next = new Set(current);
    if (!next.delete(row.key)) next.add(row.key);
    return next;
  }), []);

  const onActivate = useCallback((row: TreeRow) => {
    const n = row.node;
    if (row.kind === 'more') setPageCounts((c) => new Map(c).set(row.parentId, (c.get(row.parentId) ?? 1) + 1));
    else if (row.kind === 'error') void client.refetchQueries({ queryKey: [...OBJECTIVE_KEY, 'alignment', 'tree', filters, row.parentId] });
    else if (n?.kind === 'objective') navigate(detailsPath(n.id));
    else if (n?.kind === 'keyResult') navigate(detailsPath(n.objectiveId));
  }, [client, filters, navigate]);

  // Finds each step of the path in its parent's level, reading more pages of a level when the
  // step is not in the ones loaded, then unfolds the path and centres on the match.
  const reveal = async ({ path }: SearchMatch) => {
    setNotice(null);
    const counts = new Map(pageCounts);
    let key: string | null = null;
    for (let i = 0; i < path.length; i += 1) {
      const parentId = i === 0 ? null : path[i - 1].id;
      let found = false;
      for (let page = 1; page <= MAX_SEARCH_PAGES && !found; page += 1) {
        const answer = await client.fetchQuery(treeQuery(filters, { parentId, page })).catch(() => null);
        if (!answer) break;
        found = answer.items.some((n) => n.kind === 'objective' && n.id === path[i].id);
        if (found) counts.set(parentId, Math.max(counts.get(parentId) ?? 1, page));
        if (!found && page * TREE_PAGE_SIZE >= answer.total) break;
      }
      if (!found) {
        setNotice('That objective is not in the tree with these filters.');
        return;
      }
      key = key === null ? `o${path[i].id}` : `${key}/o${path[i].id}`;
    }
    if (key === null) return;
    const target = key;
    setPageCounts(counts);
    setExpanded((current) => {
      const next = new Set(current);
      const steps = target.split('/');
      for (let i = 1; i < steps.length; i += 1) next.add(steps.slice(0, i).join('/'));
      return next;
    });
    revealKey.current = target;
    // already on show: centre now (the effect runs only when the rows change)
    if (rows.some((r) => r.key === target)) {
      revealKey.current = null;
      tree.current?.reveal(target);
    }
  };

  const teams = choices.data?.teams ?? [];
  const team = teams.find((t) => t.id === filters.teamId);
  const top = levels.get(null);
  const actions = <AlignmentSearch filters={filters} onPick={(m) => void reveal(m)} />;

  return (
    <PageFrame title="Alignment" actions={actions}>
      <div className={styles.toolbar}>
        <Field label="Team" className={styles.team}>
          <Dropdown
            value={team?.name ?? 'All teams'} selectedOptions={[team ? String(team.id) : '']}
            onOptionSelect={(_, d) => setFilter({ ...filters, teamId: d.optionValue ? Number(d.optionValue) : undefined })}
          >
            <Option value="">All teams</Option>
            {teams.map((t) => <Option key={t.id} value={String(t.id)}>{t.name}</Option>)}
          </Dropdown>
        </Field>
        <Field label="Deadline from">
          <Input type="date" value={filters.from ?? ''} onChange={(_, d) => setFilter({ ...filters, from: d.value || undefined })} />
        </Field>
        <Field label="Deadline to">
          <Input type="date" value={filters.to ?? ''} onChange={(_, d) => setFilter({ ...filters, to: d.value || undefined })} />
        </Field>
        {expanded.size > 0 && <Button onClick={() => setExpanded(new Set())}>Fold all</Button>}
      </div>
      {notice && <Text role="status" className={styles.notice}>{notice}</Text>}
      {!top || (top.loading && top.items.length === 0) ? (
        <Spinner label="Loading the alignment…" />
      ) : top.error && top.items.length === 0 ? (
        <EmptyState title="The alignment could not be loaded">
          {top.error} <Button size="small" onClick={() => void client.refetchQueries({ queryKey: [...OBJECTIVE_KEY, 'alignment', 'tree'] })}>Try again</Button>
        </EmptyState>
      ) : top.items.length === 0 ? (
        <EmptyState title="No company or team objectives">
          {filters.teamId || filters.from || filters.to ? 'Nothing matches these filters.' : 'Company and team objectives, and what supports them, show here.'}
        </EmptyState>
      ) : (
        <>
          <Text size={200} className={styles.hint}>
            Arrow keys move and unfold, Enter opens an objective, Space folds and unfolds.
          </Text>
          <AlignmentTree ref={tree} rows={rows} onToggle={onToggle} onActivate={onActivate} />
        </>
      )}
    </PageFrame>
  );
}
