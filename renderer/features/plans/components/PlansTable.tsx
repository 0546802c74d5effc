import { Fragment, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button, Link, makeStyles, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { PlanObjective } from '../../../../shared/api/plans';
import { PLANS_PAGE_SIZES } from '../../../../shared/rules/constants';
import { detailsPath, StatusBadge } from '../../objectives';
import { TableScroll } from '../../../lib/components/TableScroll';

type PageSize = (typeof PLANS_PAGE_SIZES)[number];
/** spec §9: page sizes 5, 10, 15, 25 and All, default 10. */
const DEFAULT_PAGE_SIZE: PageSize = 10;

const useStyles = makeStyles({
  // names and titles typed by people wrap inside their cells
  table: { overflowWrap: 'anywhere' },
  kr: { backgroundColor: tokens.colorNeutralBackground2 },
  krTitle: { paddingLeft: '40px' },
  pager: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, paddingTop: tokens.spacingVerticalS },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/** A hub of the previous release sends no progress: the cell stays empty. */
const percentText = (progress: number | undefined) => (progress === undefined ? '' : `${progress}%`);

/** The collapsible table of spec §2: objectives, each opening onto its key results. */
export function PlansTable({ items }: { items: PlanObjective[] }) {
  const s = useStyles();
  const navigate = useNavigate();
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

  return (
    <div>
      <TableScroll label="Plan objectives" minWidth={860}>
        <Table aria-label="Plan objectives" size="small" className={s.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Title</TableHeaderCell>
              <TableHeaderCell style={{ width: 180 }}>Assignee</TableHeaderCell>
              <TableHeaderCell style={{ width: 190 }}>Status</TableHeaderCell>
              <TableHeaderCell style={{ width: 100 }}>Priority</TableHeaderCell>
              <TableHeaderCell style={{ width: 120 }}>Deadline</TableHeaderCell>
              <TableHeaderCell style={{ width: 110 }}>Key results</TableHeaderCell>
              {/* the cards' figure (shared/rules/objective-progress.ts), from the hub */}
              <TableHeaderCell style={{ width: 90 }}>Progress</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((o) => {
              const expanded = open.has(o.id);
              return (
                <Fragment key={o.id}>
                  <TableRow>
                    <TableCell>
                      <span className={s.title}>
                        <Button size="small" appearance="subtle" disabled={o.keyResults.length === 0} aria-expanded={expanded}
                          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${o.title}`} icon={expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
                          onClick={() => toggle(o.id)} />
                        <Link onClick={() => void navigate(detailsPath(o.id))}>{o.title}</Link>
                      </span>
                    </TableCell>
                    <TableCell>{o.owner.name}</TableCell>
                    <TableCell><StatusBadge status={o.status} /></TableCell>
                    <TableCell>{o.priority}</TableCell>
                    <TableCell>{o.deadline}</TableCell>
                    <TableCell>{o.keyResults.length}</TableCell>
                    <TableCell>{percentText(o.progress)}</TableCell>
                  </TableRow>
                  {expanded && o.keyResults.map((k) => (
                    <TableRow key={`kr-${k.id}`} className={s.kr} aria-label={`Key result ${k.title}`}>
                      <TableCell className={s.krTitle}>{k.title}</TableCell>
                      <TableCell>{o.owner.name}</TableCell>
                      <TableCell><StatusBadge status={k.status} /></TableCell>
                      <TableCell>{k.priority}</TableCell>
                      <TableCell>{k.deadline}</TableCell>
                      <TableCell>{k.status === 'completed' ? `${k.percentage ?? 100}%` : ''}</TableCell>
                      <TableCell>{percentText(k.progress)}</TableCell>
                    </TableRow>
                  ))}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableScroll>
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
