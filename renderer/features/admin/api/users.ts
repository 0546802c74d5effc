import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminUsersResponseSchema, userRoleResponseSchema, type AdminUsersQuery } from '../../../../shared/api/admin';
import { profileResponseSchema } from '../../../../shared/api/people';
import { PEOPLE_TOASTS } from '../../../../shared/rules/people-messages';
import { hubCall } from '../../../lib/api';
import { useAdminMutation } from './admin-mutation';

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

/** GET /admin/users: one page, searched on the hub (2,000 users never travel at once). */
export function useAdminUsers(query: Pick<AdminUsersQuery, 'page' | 'limit' | 'search' | 'status'>) {
  return useQuery({
    queryKey: [...ADMIN_USERS_KEY, query],
    queryFn: () => hubCall(adminUsersResponseSchema.shape.data, 'GET', '/admin/users', { query: { ...query, search: query.search || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** The member dialog edits a full profile (GET /user/:id, the people feature's route). */
export function fetchProfile(id: number) {
  return hubCall(profileResponseSchema.shape.data, 'GET', `/user/${id}`);
}

/** The Access column: spec §4 a role change reloads users and capabilities (and the session user). */
export function useSetUserRole() {
  return useAdminMutation(
    ({ userId, roleId }: { userId: number; roleId: number }) => hubCall(userRoleResponseSchema.shape.data, 'PUT', `/admin/users/${userId}/role`, { body: { roleId } }),
    { toast: PEOPLE_TOASTS.userUpdated, invalidate: [ADMIN_USERS_KEY, ['role'], ['auth', 'me']] },
  );
}
