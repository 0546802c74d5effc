import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Badge, Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { cutDescription, type Link } from '../../../../shared/api/links';
import { FALLBACK_TEXT } from '../../../../shared/rules/people-messages';
import { LinkCard, LinkPicture } from '../../../lib/components/LinkCard';
import { globalSearchAtom } from '../../../lib/search';
import { useAllLinks, useCreateLink, useDeleteLink, useRestoreLink, useUpdateLink } from '../api/links';
import { pageOf, usePaging } from '../hooks/use-paged';
import { useTableStyles } from './admin-table';
import { ConfirmDelete } from './ConfirmDelete';
import { LinkDialog } from './LinkDialog';
import { Paginator } from './Paginator';
import { RowActions } from './RowActions';
import { TableState } from './TableState';

const useStyles = makeStyles({
  nameCell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: tokens.spacingHorizontalL },
});

type Pending = { link: Link; action: 'delete' | 'restore' };

/** spec §2 Links table (Name with picture, Category, Description cut at 100, Status, actions) and the card grid. */
export function LinksTab() {
  const styles = useStyles();
  const table = useTableStyles();
  const links = useAllLinks();
  const search = useAtomValue(globalSearchAtom).trim().toLowerCase();
  const paging = usePaging();
  const [editing, setEditing] = useState<Link | 'new' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const create = useCreateLink();
  const update = useUpdateLink();
  const remove = useDeleteLink();
  const restore = useRestoreLink();
  const acting = pending?.action === 'restore' ? restore : remove;

  const all = useMemo(() => links.data?.links ?? [], [links.data]);
  const categories = useMemo(() => [...new Set(all.map((l) => l.category))].sort(), [all]);
  const matching = useMemo(
    () => all.filter((l) => !search || l.name.toLowerCase().includes(search) || l.category.toLowerCase().includes(search)),
    [all, search],
  );
  const { rows, page } = pageOf(matching, paging.page, paging.size);
  const ask = (link: Link, action: Pending['action']) => {
    remove.reset();
    restore.reset();
    setPending({ link, action });
  };
  const actions = (link: Link) => (
    <RowActions
      name={link.name}
      onEdit={() => setEditing(link)}
      onDelete={link.status === 'active' ? () => ask(link, 'delete') : undefined}
      onRestore={link.status === 'deleted' ? () => ask(link, 'restore') : undefined}
    />
  );

  return (
    <div className={table.panel}>
      <div className={table.toolbar}>
        <span />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')}>Add link</Button>
      </div>
      <Table aria-label="Links" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Category</TableHeaderCell>
            <TableHeaderCell>Description</TableHeaderCell>
            <TableHeaderCell style={{ width: 100 }}>Status</TableHeaderCell>
            <TableHeaderCell className={table.actionsHead}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableState columns={5} pending={links.isPending} error={links.error} empty={rows.length === 0} emptyText={search ? 'No link matches the search.' : 'No links yet.'} onRetry={() => void links.refetch()} />
          {rows.map((link) => (
            <TableRow key={link.id}>
              <TableCell><span className={styles.nameCell}><LinkPicture link={link} size={28} />{link.name}</span></TableCell>
              <TableCell>{link.category}</TableCell>
              <TableCell title={link.description || undefined}>
                {link.description ? cutDescription(link.description) : <span className={table.muted}>{FALLBACK_TEXT.noLinkDescription}</span>}
              </TableCell>
              <TableCell><Badge appearance="tint" color={link.status === 'active' ? 'success' : 'danger'}>{link.status === 'active' ? 'Active' : 'Deleted'}</Badge></TableCell>
              <TableCell>{actions(link)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Paginator label="Links" total={matching.length} page={page} size={paging.size} onPage={paging.setPage} onSize={paging.setSize} />

      {matching.length > 0 && (
        <section aria-label="Link cards">
          <Text as="h2" size={400} weight="semibold">Cards</Text>
          <div className={styles.grid}>{matching.map((link) => <LinkCard key={link.id} link={link} actions={actions(link)} />)}</div>
        </section>
      )}

      {editing && (
        <LinkDialog
          link={editing === 'new' ? null : editing}
          categories={categories}
          saving={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
          save={(input) => (editing === 'new' ? create.mutateAsync(input) : update.mutateAsync(input))}
        />
      )}
      <ConfirmDelete
        open={!!pending}
        title={pending?.action === 'restore' ? 'Restore link' : 'Delete link'}
        text={pending ? `Are you sure you want to ${pending.action} ${pending.link.name}?` : ''}
        busy={acting.isPending}
        error={acting.error}
        onNo={() => setPending(null)}
        onYes={() => pending && acting.mutate(pending.link.id, { onSuccess: () => setPending(null) })}
      />
    </div>
  );
}
