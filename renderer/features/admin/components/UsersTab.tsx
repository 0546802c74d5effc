import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Button, SearchBox, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Tooltip } from '@fluentui/react-components';
import { AddRegular, EditRegular, KeyResetRegular, ShieldPersonRegular } from '@fluentui/react-icons';
import type { AdminUserRow } from '../../../../shared/api/admin';
import type { Profile } from '../../../../shared/api/people';
import { errorText } from '../../../lib/api';
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
import { Paginator } from './Paginator';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { TableState } from './TableState';

type Dialog = { kind: 'new' } | { kind: 'edit'; member: Profile } | { kind: 'access'; user: AdminUserRow } | { kind: 'reset'; user: AdminUserRow } | null;

/** spec §2 Users table; paged and searched on the hub; New and edit use the people feature's member dialog. */
export function UsersTab() {
  const styles = useTableStyles();
  const queryClient = useQueryClient();
  const { failure } = useNotify();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const users = useAdminUsers({ page: paging.page, limit: paging.size, search: settled });
  const [dialog, setDialog] = useState<Dialog>(null);
  const me = useAtomValue(userAtom);
  const rows = users.data?.items ?? [];

  const edit = async (id: number) => {
    try {
      setDialog({ kind: 'edit', member: (await fetchProfile(id)).user });
    } catch (error) {
      failure(errorText(error));
    }
  };
  const saved = () => void queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <SearchBox
          placeholder="Search by name or email"
          aria-label="Search users"
          value={search}
          onChange={(_, d) => { setSearch(d.value); paging.setPage(1); }}
          style={{ minWidth: 280 }}
        />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ kind: 'new' })}>New</Button>
      </div>
      <Table aria-label="Users" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Phone</TableHeaderCell>
            <TableHeaderCell>Email</TableHeaderCell>
            <TableHeaderCell>Team</TableHeaderCell>
            <TableHeaderCell>Role</TableHeaderCell>
            <TableHeaderCell>Access</TableHeaderCell>
            <TableHeaderCell>Join date</TableHeaderCell>
            <TableHeaderCell style={{ width: 136, textAlign: 'right' }}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableState columns={8} pending={users.isPending} error={users.error} empty={!users.isPending && rows.length === 0} emptyText={settled ? 'No user matches the search.' : 'No users yet.'} onRetry={() => void users.refetch()} />
          {rows.map((user) => (
            <TableRow key={user.id}>
              <TableCell><Link to={profilePath(user.id)}>{user.name}</Link></TableCell>
              {(['phone', 'email', 'team', 'job', 'access', 'joinDate'] as const).map((column) => {
                const value = userCells(user)[column];
                const text = value.missing ? <span className={styles.muted}>{value.text}</span> : value.text;
                return (
                  <TableCell key={column} className={column === 'email' || column === 'team' ? styles.wrap : undefined}>
                    {column === 'access' && user.role ? <Tooltip content={`Role: ${user.role.name}`} relationship="description"><Text>{text}</Text></Tooltip> : text}
                  </TableCell>
                );
              })}
              <TableCell>
                <div className={styles.actions}>
                  <Button appearance="subtle" icon={<EditRegular />} aria-label={`Edit ${user.name}`} onClick={() => void edit(user.id)} />
                  <Button appearance="subtle" icon={<ShieldPersonRegular />} aria-label={`Change access of ${user.name}`} onClick={() => setDialog({ kind: 'access', user })} />
                  {/* one's own password is changed in Settings (the hub refuses it here) */}
                  {user.id !== me?.id && (
                    <Tooltip content="Reset password" relationship="description">
                      <Button appearance="subtle" icon={<KeyResetRegular />} aria-label={`Reset password of ${user.name}`} onClick={() => setDialog({ kind: 'reset', user })} />
                    </Tooltip>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Paginator label="Users" total={users.data?.total ?? 0} page={paging.page} size={paging.size} onPage={paging.setPage} onSize={paging.setSize} />

      <Suspense fallback={<Loading />}>
        {dialog?.kind === 'new' && <MemberDialog mode="add" open onClose={() => setDialog(null)} onSaved={saved} />}
        {dialog?.kind === 'edit' && <MemberDialog mode="edit" open member={dialog.member} onClose={() => setDialog(null)} onSaved={saved} />}
      </Suspense>
      {dialog?.kind === 'access' && <AccessDialog user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reset' && <ResetPasswordDialog user={dialog.user} onClose={() => setDialog(null)} />}
    </div>
  );
}
