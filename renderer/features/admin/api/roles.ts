import { useQuery } from '@tanstack/react-query';
import { capabilitiesResponseSchema, roleListResponseSchema, roleSavedResponseSchema, type RoleBody } from '../../../../shared/api/roles';
import { PEOPLE_TOASTS } from '../../../../shared/rules/people-messages';
import { hubCall } from '../../../lib/api';
import { useAdminMutation } from './admin-mutation';

export const ROLES_KEY = ['role'] as const;

/**
 * spec §4: a role change also reloads users and capabilities. ['auth', 'me'] is the signed-in
 * user (renderer/lib/session/restore.ts): refetching it updates the shell at once when the
 * change touched the admin's own role.
 */
const AFTER_ROLE_CHANGE = [ROLES_KEY, ['admin', 'users'], ['capabilities'], ['auth', 'me']];

export function useRoles() {
  return useQuery({ queryKey: [...ROLES_KEY, 'list'], queryFn: () => hubCall(roleListResponseSchema.shape.data, 'GET', '/role') });
}

export function useCapabilityGroups() {
  return useQuery({ queryKey: ['capabilities'], queryFn: () => hubCall(capabilitiesResponseSchema.shape.data, 'GET', '/capabilities'), staleTime: Infinity });
}

export function useCreateRole() {
  return useAdminMutation((body: RoleBody) => hubCall(roleSavedResponseSchema.shape.data, 'POST', '/role', { body }), {
    toast: PEOPLE_TOASTS.roleAdded, invalidate: AFTER_ROLE_CHANGE,
  });
}

export function useUpdateRole() {
  return useAdminMutation(({ id, ...body }: RoleBody & { id: number }) => hubCall(roleSavedResponseSchema.shape.data, 'PUT', `/role/${id}`, { body }), {
    toast: PEOPLE_TOASTS.roleUpdated, invalidate: AFTER_ROLE_CHANGE,
  });
}

export function useDeleteRole() {
  return useAdminMutation((id: number) => hubCall(roleSavedResponseSchema.shape.data, 'DELETE', `/role/${id}`), {
    toast: PEOPLE_TOASTS.roleDeleted, invalidate: AFTER_ROLE_CHANGE,
  });
}

export function useRestoreRole() {
  return useAdminMutation((id: number) => hubCall(roleSavedResponseSchema.shape.data, 'PATCH', `/role/${id}/restore`), {
    toast: PEOPLE_TOASTS.roleRestored, invalidate: AFTER_ROLE_CHANGE,
  });
}
