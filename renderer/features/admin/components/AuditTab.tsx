import { useState } from 'react';
import { Button, Dropdown, Field, Input, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { AUDIT_ENTITIES, type AuditEntity } from '../../../../shared/api/audit';
import { describeChange, subjectOf } from '../audit-change';
import { useAudit, useAuditActors } from '../api/audit';
import { usePaging } from '../hooks/use-paged';
import { useTableStyles } from './admin-table';
import { Paginator } from './Paginator';
import { DataTable } from '../../../lib/components/DataTable';

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  lines: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  when: { whiteSpace: 'nowrap' },
});

const ENTITY_LABELS: Record<AuditEntity, string> = { user: 'Users', team: 'Teams', job: 'Jobs', role: 'Roles', link: 'Links', setting: 'Settings', desktop_release: 'Desktop app', api_token: 'API tokens' };
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium' });

interface Filters {
  actor?: number;
  entity?: AuditEntity;
  from: string;
  to: string;
}

/** Admin → Audit: who changed what and when, newest first, filtered by actor, entity and date. */
export function AuditTab() {
  const styles = useStyles();
  const table = useTableStyles();
  const paging = usePaging();
  const [filters, setFilters] = useState<Filters>({ from: '', to: '' });
  const actors = useAuditActors().data?.items ?? [];
  const audit = useAudit({
    page: paging.page, limit: paging.size, actor: filters.actor, entity: filters.entity, from: filters.from || undefined, to: filters.to || undefined,
  });
  const rows = audit.data?.items ?? [];
  const set = (next: Partial<Filters>) => { setFilters((f) => ({ ...f, ...next })); paging.setPage(1); };
  const actorName = actors.find((a) => a.id === filters.actor)?.name;

  return (
    <div className={table.panel}>
      <div className={styles.filters} role="search" aria-label="Audit filters">
        <Field label="Who">
          <Dropdown value={actorName ?? 'Anyone'} selectedOptions={[String(filters.actor ?? '')]} onOptionSelect={(_, d) => set({ actor: d.optionValue ? Number(d.optionValue) : undefined })}>
            <Option value="">Anyone</Option>
            {actors.map((a) => <Option key={a.id} value={String(a.id)}>{a.name}</Option>)}
          </Dropdown>
        </Field>
        <Field label="What">
          <Dropdown value={filters.entity ? ENTITY_LABELS[filters.entity] : 'Everything'} selectedOptions={[filters.entity ?? '']} onOptionSelect={(_, d) => set({ entity: (d.optionValue || undefined) as AuditEntity | undefined })}>
            <Option value="">Everything</Option>
            {AUDIT_ENTITIES.map((e) => <Option key={e} value={e}>{ENTITY_LABELS[e]}</Option>)}
          </Dropdown>
        </Field>
        <Field label="From"><Input type="date" value={filters.from} onChange={(_, d) => set({ from: d.value })} /></Field>
        <Field label="To"><Input type="date" value={filters.to} onChange={(_, d) => set({ to: d.value })} /></Field>
        <Button onClick={() => set({ actor: undefined, entity: undefined, from: '', to: '' })}>Clear</Button>
      </div>
      <DataTable
        label="Audit log"
        rows={rows}
        rowKey={(entry) => entry.id}
        status={{ pending: audit.isPending, error: audit.error, emptyText: 'No changes recorded for these filters.', onRetry: () => void audit.refetch() }}
        columns={[
          { header: 'When', width: 170, stacked: 'title', className: styles.when, cell: (entry) => when.format(new Date(entry.createdAt)) },
          {
            header: 'Who',
            cell: (entry) => (
              <>
                {entry.actor?.name ?? <span className={table.muted}>Unknown</span>}
                {entry.apiToken && <div className={table.muted}>with the API token “{entry.apiToken.name}”</div>}
              </>
            ),
          },
          { header: 'What', cell: (entry) => subjectOf(entry) },
          { header: 'Action', cell: (entry) => entry.action },
          {
            header: 'Change',
            minWidth: 200,
            stacked: 'wide',
            cell: (entry) => (
              <ul className={styles.lines}>
                {describeChange(entry.before, entry.after).map((line) => (
                  <li key={line.field}>
                    <Text weight="semibold">{line.field}</Text>: {line.from !== undefined && <span>{line.from}</span>}
                    {line.from !== undefined && line.to !== undefined && ' → '}
                    {line.to !== undefined && <span>{line.to}</span>}
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
      <Paginator label="Audit" total={audit.data?.total ?? 0} page={paging.page} size={paging.size} onPage={paging.setPage} onSize={paging.setSize} />
    </div>
  );
}
