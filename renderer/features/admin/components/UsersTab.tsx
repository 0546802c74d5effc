import { Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Button, SearchBox, Select, Text, Tooltip } from '@fluentui/react-components';
import { EditRegular, KeyResetRegular, PersonDeleteRegular, ShieldPersonRegular } from '@fluentui/react-icons';
import type { AdminUserRow } from '../../../../shared/api/admin';
import { isFormerEmployee } from '../../../../shared/api/personal-data-erasure';
import type { Profile } from '../../../../shared/api/people';
import { errorText } from '../../../lib/api';
import { AppLink } from '../../../lib/components/AppLink';
import { EmailText } from '../../../lib/components/EmailText';
import { Loading } from '../../../lib/components/Loading';
import { profilePath } from '../../../lib/paths';
import { userAtom } from '../../../lib/session/session';
import { useNotify } from '../../../lib/toast';
import { MemberDialog } from '../../team';
import { ADMIN_USERS_KEY, fetchProfile, useAdminUsers } from '../api/users';
import { useDebounced } from '../../../lib/use-debounced';
import { userCells } from '../user-cells';
import { usePaging } from '../hooks/use-paged';
import { useTableStyles } from './admin-table';
import { AccessDialog } from './AccessDialog';
import { AdminTable, type AdminColumn } from './AdminTable';
import { ErasePersonalDataDialog } from './ErasePersonalDataDialog';
import { PersonalDataButton } from './PersonalDataButton';
import { ResetPasswordDialog } from './ResetPasswordDialog';

/**
 * spec §2: the columns after Name, each with its header and its room side by side: an address
 * of the company's length on one line, a phone number and a date unbroken; team and job share the rest.
 */
const USER_COLUMNS = [
  ['phone', 'Phone', 140], ['email', 'Email', 270], ['team', 'Team', undefined], ['job', 'Role', undefined], ['access', 'Access', 90], ['joinDate', 'Join date', 110],
] as const;

type Dialog = { kind: 'new' } | { kind: 'edit'; member: Profile } | { kind: 'access'; user: AdminUserRow } | { kind: 'reset'; user: AdminUserRow }
  | { kind: 'erase'; user: AdminUserRow } | null;

/** spec §2 Users table; paged and searched on the hub; New and edit use the people feature's member dialog. */
export function UsersTab() {
  const styles = useTableStyles();
  const queryClient = useQueryClient();
  const { failure } = useNotify();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  // archived people are listed apart, where their personal data can be erased
  const [status, setStatus] = useState<AdminUserRow['status']>('active');
  const users = useAdminUsers({ page: paging.page, limit: paging.size, search: settled, status });
  const [dialog, setDialog] = useState<Dialog>(null);
  const me = useAtomValue(userAtom);
  const [added, setAdded] = useState<number | null>(null);

  const edit = async (id: number) => {
    try {
      setDialog({ kind: 'edit', member: (await fetchProfile(id)).user });
    } catch (error) {
      failure(errorText(error));
    }
  };
  const saved = () => void queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
  // The list is in name order, five to a page: a new person is found by their address (the search
  // box then says why the list shows them alone), and marked.
  const addedOne = async (id: number) => {
    saved();
    try {
      const { user } = await fetchProfile(id);
      setSearch(user.email ?? user.name);
      setStatus('active');
      paging.setPage(1);
      setAdded(id);
    } catch (error) {
      failure(errorText(error));
    }
  };

  const columns: AdminColumn<AdminUserRow>[] = [
    { header: 'Name', minWidth: 150, cell: (user) => <AppLink to={profilePath(user.id)}>{user.name}</AppLink> },
    ...USER_COLUMNS.map(([column, header, width]): AdminColumn<AdminUserRow> => ({
      header,
      width,
      stacked: column === 'email' ? 'wide' : 'field',
      className: column === 'team' ? styles.wrap : undefined,
      cell: (user) => {
        const value = userCells(user)[column];
        if (value.missing) return <span className={styles.muted}>{value.text}</span>;
        if (column === 'email') return <EmailText email={value.text} />;
        const text = value.text;
        return column === 'access' && user.role ? <Tooltip content={`Role: ${user.role.name}`} relationship="description"><Text>{text}</Text></Tooltip> : text;
      },
    })),
  ];

  return (
    <AdminTable
      label="Users"
      tools={
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <SearchBox
            placeholder="Search by name or email"
            aria-label="Search users"
            value={search}
            onChange={(_, d) => { setSearch(d.value); paging.setPage(1); }}
            style={{ minWidth: 280 }}
          />
          <Select aria-label="Show users" value={status} onChange={(_, d) => { setStatus(d.value as AdminUserRow['status']); paging.setPage(1); }}>
            <option value="active">Active</option>
            <option value="deleted">Archived</option>
          </Select>
        </div>
      }
      add={{ label: 'New', onClick: () => setDialog({ kind: 'new' }) }}
      columns={columns}
      actionsWidth={170}
      highlight={added}
      actions={(user) => (
        <div className={styles.actions}>
          {/* an erased record is read-only (the hub answers 409): no edit, access or password for it */}
          {!isFormerEmployee(user) && (
            <Button appearance="subtle" icon={<EditRegular />} aria-label={`Edit ${user.name}`} onClick={() => void edit(user.id)} />
          )}
          {!isFormerEmployee(user) && (
            <Button appearance="subtle" icon={<ShieldPersonRegular />} aria-label={`Change access of ${user.name}`} onClick={() => setDialog({ kind: 'access', user })} />
          )}
          {/* one's own password is changed in Settings (the hub refuses it here) */}
          {user.id !== me?.id && !isFormerEmployee(user) && (
            <Tooltip content="Reset password" relationship="description">
              <Button appearance="subtle" icon={<KeyResetRegular />} aria-label={`Reset password of ${user.name}`} onClick={() => setDialog({ kind: 'reset', user })} />
            </Tooltip>
          )}
          <PersonalDataButton user={user} />
          {user.status === 'deleted' && !isFormerEmployee(user) && (
            <Tooltip content="Erase personal data" relationship="description">
              <Button appearance="subtle" icon={<PersonDeleteRegular />} aria-label={`Erase personal data of ${user.name}`} onClick={() => setDialog({ kind: 'erase', user })} />
            </Tooltip>
          )}
        </div>
      )}
      rows={users.data?.items ?? []}
      query={users}
      emptyText={settled ? 'No user matches the search.' : 'No users yet.'}
      total={users.data?.total ?? 0}
      page={paging.page}
      paging={paging}
    >
      <Suspense fallback={<Loading />}>
        {dialog?.kind === 'new' && <MemberDialog mode="add" open onClose={() => setDialog(null)} onSaved={(id) => void addedOne(id)} />}
        {dialog?.kind === 'edit' && <MemberDialog mode="edit" open member={dialog.member} onClose={() => setDialog(null)} onSaved={saved} />}
      </Suspense>
      {dialog?.kind === 'access' && <AccessDialog user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reset' && <ResetPasswordDialog user={dialog.user} onClose={() => setDialog(null)} />}
      {/* the old name finds nobody any more: the list shows the row under its new one */}
      {dialog?.kind === 'erase' && <ErasePersonalDataDialog user={dialog.user} onClose={() => setDialog(null)} onErased={(erased) => { setSearch(erased.name); paging.setPage(1); }} />}
    </AdminTable>
  );
}
