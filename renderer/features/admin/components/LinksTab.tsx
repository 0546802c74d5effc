import { useMemo, useState } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { cutDescription, type Link } from '../../../../shared/api/links';
import { FALLBACK_TEXT } from '../../../../shared/rules/people-messages';
import { LinkCard, LinkPicture } from '../../../lib/components/LinkCard';
import { useAllLinks, useCreateLink, useDeleteLink, useRestoreLink, useUpdateLink } from '../api/links';
import { useRowConfirm } from '../hooks/use-row-confirm';
import { useSearchedPages } from '../hooks/use-searched-pages';
import { useTableStyles } from './admin-table';
import { AddedNotice } from './AddedNotice';
import { AdminTable } from './AdminTable';
import { ConfirmDelete } from './ConfirmDelete';
import { LinkDialog } from './LinkDialog';
import { RowActions } from './RowActions';
import { StatusBadge } from './StatusBadge';

const useStyles = makeStyles({
  nameCell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))', gap: tokens.spacingHorizontalL },
});

/** spec §2 Links table (Name with picture, Category, Description cut at 100, Status, actions) and the card grid. */
export function LinksTab() {
  const styles = useStyles();
  const table = useTableStyles();
  const links = useAllLinks();
  const { search, matching, pages, markAdded, addedHidden } = useSearchedPages(links.data?.links, (link) => [link.name, link.category]);
  const categories = useMemo(() => [...new Set((links.data?.links ?? []).map((l) => l.category))].sort(), [links.data]);
  const [editing, setEditing] = useState<Link | 'new' | null>(null);
  const create = useCreateLink();
  const update = useUpdateLink();
  const { ask, confirm } = useRowConfirm<Link>('link', { delete: useDeleteLink(), restore: useRestoreLink() });
  const actions = (link: Link) => (
    <RowActions
      name={link.name}
      onEdit={() => setEditing(link)}
      onDelete={link.status === 'active' ? () => ask(link, 'delete') : undefined}
      onRestore={link.status === 'deleted' ? () => ask(link, 'restore') : undefined}
    />
  );

  return (
    <AdminTable
      label="Links"
      add={{ label: 'Add link', onClick: () => setEditing('new') }}
      columns={[
        { header: 'Name', cell: (link) => <span className={styles.nameCell}><LinkPicture link={link} size={28} />{link.name}</span> },
        { header: 'Category', cell: (link) => link.category },
        {
          header: 'Description',
          stacked: 'wide',
          cell: (link) => (link.description
            ? <span title={link.description}>{cutDescription(link.description)}</span>
            : <span className={table.muted}>{FALLBACK_TEXT.noLinkDescription}</span>),
        },
        { header: 'Status', width: 100, cell: (link) => <StatusBadge status={link.status} /> },
      ]}
      actions={actions}
      query={links}
      emptyText={search ? 'No link matches the search.' : 'No links yet.'}
      notice={addedHidden && <AddedNotice name={addedHidden.name} entity="link" search={search} />}
      {...pages}
    >
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
          save={(input) => (editing === 'new' ? create.mutateAsync(input).then((made) => markAdded(made.id)) : update.mutateAsync(input))}
        />
      )}
      <ConfirmDelete {...confirm} />
    </AdminTable>
  );
}
