import { useQuery } from '@tanstack/react-query';
import { deletedResponseSchema, teamSavedResponseSchema, type TeamBody } from '../../../../shared/api/admin';
import { teamListResponseSchema, type TeamListItem } from '../../../../shared/api/people';
import { PEOPLE_TOASTS } from '../../../../shared/rules/people-messages';
import { hubCall } from '../../../lib/api';
import { useAdminMutation } from './admin-mutation';
import type { NamedData } from './named-data';

// The Teams tab. GET /team belongs to the people feature's hub routes; ['team'] is the prefix of
// every team list in the app (directory filter, member dialog), so a change reloads them all.
export const TEAMS_KEY = ['team'] as const;

export function useAllTeams() {
  return useQuery({ queryKey: [...TEAMS_KEY, 'list', 'all'], queryFn: () => hubCall(teamListResponseSchema.shape.data, 'GET', '/team', { query: { all: true } }) });
}

export function useCreateTeam() {
  return useAdminMutation((body: TeamBody) => hubCall(teamSavedResponseSchema.shape.data, 'POST', '/team', { body }), {
    toast: PEOPLE_TOASTS.teamAdded, invalidate: [TEAMS_KEY],
  });
}

export function useUpdateTeam() {
  return useAdminMutation(({ id, ...body }: TeamBody & { id: number }) => hubCall(teamSavedResponseSchema.shape.data, 'PUT', `/team/${id}`, { body }), {
    toast: PEOPLE_TOASTS.teamUpdated, invalidate: [TEAMS_KEY, ['admin', 'users']],
  });
}

export function useDeleteTeam() {
  return useAdminMutation((id: number) => hubCall(deletedResponseSchema.shape.data, 'DELETE', `/team/${id}`), {
    toast: PEOPLE_TOASTS.teamDeleted, invalidate: [TEAMS_KEY],
  });
}

/** The Teams tab's list and changes; a team is its name and technology. */
export function useTeamsTable(): NamedData<TeamListItem, TeamBody> {
  const query = useAllTeams();
  const create = useCreateTeam();
  return {
    query, items: query.data?.teams, update: useUpdateTeam(), remove: useDeleteTeam(), body: (values) => values,
    create: { mutateAsync: async (body) => (await create.mutateAsync(body)).team, isPending: create.isPending },
  };
}
