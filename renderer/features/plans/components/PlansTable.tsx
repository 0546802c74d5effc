import { useState } from 'react';
import { Button, makeStyles, mergeClasses, Select, Text, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { PlanObjective } from '../../../../shared/api/plans';
import { PLANS_PAGE_SIZES } from '../../../../shared/rules/constants';
import { detailsPath, StatusBadge } from '../../objectives';
import { AppLink } from '../../../lib/components/AppLink';
import { DataTable, type DataColumn } from '../../../lib/components/DataTable';

type PageSize = (typeof PLANS_PAGE_SIZES)[number];
/** spec §9: page sizes 5, 10, 15, 25 and All, default 10. */
const DEFAULT_PAGE_SIZE: PageSize = 10;

/** A row of the table: an objective, or one of its key results under it. */
type PlanRow = { kind: 'objective'; o: PlanObjective } | { kind: 'keyResult'; o: PlanObjective; k: PlanObjective['keyResults'][number] };

const useStyles = makeStyles({
  kr: { backgroundColor: tokens.colorNeutralBackground2 },
  // stacked, a key result's card sits in from its objective's
  krCard: { marginLeft: tokens.spacingHorizontalXXL },
  // under its objective's title, past the expand button
  krTitle: { display: 'block', paddingLeft: '40px' },
  pager: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, paddingTop: tokens.spacingVerticalS },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/** A hub of the previous release sends no progress: the cell stays empty. */
const percentText = (progress: number | undefined) => (progress === undefined ? '' : `${progress}%`);

/** The collapsible table of spec §2: objectives, each opening onto its key results. */
export function PlansTable({ items }: { items: PlanObjective[] }) {
  const s = useStyles();
  const [size, setSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const perPage = size === 'All' ? Math.max(items.length, 1) : size;
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(page, pages);
  const shown = items.slice((current - 1) * perPage, current * perPage);
  const toggle = (id: number) => setOpen((o) => {
    const next = new Set(o);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });

  // an objective, then its key results while it is open
  const rows: PlanRow[] = shown.flatMap((o) => [{ kind: 'objective' as const, o }, ...(open.has(o.id) ? o.keyResults.map((k) => ({ kind: 'keyResult' as const, o, k })) : [])]);
  const columns: DataColumn<PlanRow>[] = [
    {
      header: 'Title',
      minWidth: 200,
      stacked: 'title',
      cell: (row) => {
        if (row.kind === 'keyResult') return <span className={s.krTitle}>{row.k.title}</span>;
        const { o } = row;
        const expanded = open.has(o.id);
        return (
          <span className={s.title}>
            <Button size="small" appearance="subtle" disabled={o.keyResults.length === 0} aria-expanded={expanded}
              aria-label={`${expanded ? 'Collapse' : 'Expand'} ${o.title}`} icon={expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
              onClick={() => toggle(o.id)} />
            <AppLink to={detailsPath(o.id)}>{o.title}</AppLink>
          </span>
        );
      },
    },
    { header: 'Assignee', width: 180, cell: (row) => row.o.owner.name },
    { header: 'Status', width: 190, cell: (row) => <StatusBadge status={row.kind === 'keyResult' ? row.k.status : row.o.status} /> },
    { header: 'Priority', width: 100, cell: (row) => (row.kind === 'keyResult' ? row.k.priority : row.o.priority) },
    { header: 'Deadline', width: 120, cell: (row) => (row.kind === 'keyResult' ? row.k.deadline : row.o.deadline) },
    {
      header: 'Key results',
      width: 110,
      cell: (row) => {
        if (row.kind === 'objective') return row.o.keyResults.length;
        return row.k.status === 'completed' ? `${row.k.percentage ?? 100}%` : '';
      },
    },
    // the cards' figure (shared/rules/objective-progress.ts), from the hub
    { header: 'Progress', width: 90, cell: (row) => percentText(row.kind === 'keyResult' ? row.k.progress : row.o.progress) },
  ];

  return (
    <div>
      <DataTable
        label="Plan objectives"
        columns={columns}
        rows={rows}
        rowKey={(row) => (row.kind === 'keyResult' ? `kr-${row.k.id}` : row.o.id)}
        rowClassName={(row, stacked) => (row.kind === 'keyResult' ? mergeClasses(s.kr, stacked && s.krCard) : undefined)}
        rowLabel={(row) => (row.kind === 'keyResult' ? `Key result ${row.k.title}` : undefined)}
      />
      <div className={s.pager}>
        <Text>Rows per page</Text>
        <Select aria-label="Rows per page" value={String(size)} onChange={(_, d) => { setSize(d.value === 'All' ? 'All' : (Number(d.value) as PageSize)); setPage(1); }}>
          {PLANS_PAGE_SIZES.map((n) => <option key={n} value={String(n)}>{n}</option>)}
        </Select>
        <Text>{items.length === 0 ? '0 of 0' : `${(current - 1) * perPage + 1}–${Math.min(current * perPage, items.length)} of ${items.length}`}</Text>
        <Button size="small" disabled={current <= 1} onClick={() => setPage(current - 1)}>Previous</Button>
        <Button size="small" disabled={current >= pages} onClick={() => setPage(current + 1)}>Next</Button>
      </div>
    </div>
  );
}
