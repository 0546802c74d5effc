import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { envelope } from '../../../../shared/api/common';
import { profileResponseSchema, type CreateMemberBody, type UpdateMemberBody } from '../../../../shared/api/people';
import { hubCall } from '../../../lib/api';
import { fetchOrCached, OFFLINE_VIEWS, offlineQueryOptions } from '../../../lib/offline';

// Profile and member-dialog calls (design §4 user routes). spec §4: after archive, restore, edit
// or add, the user list reloads — every ['user', ...] query is invalidated.

const idAnswer = envelope(z.object({ id: z.number().int() })).shape.data;
export const profileKey = (id: number) => ['user', 'profile', id] as const;

/** Profiles the user opened stay readable offline. */
export function useProfile(id: number) {
  const queryKey = profileKey(id);
  return useQuery({
    queryKey,
    queryFn: () => fetchOrCached(queryKey, () => hubCall(profileResponseSchema.shape.data, 'GET', `/user/${id}`)),
    enabled: Number.isInteger(id) && id > 0,
    ...offlineQueryOptions(OFFLINE_VIEWS.profile),
  });
}

function useUserMutation<V>(call: (vars: V) => Promise<{ id: number }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ['user'] }) });
}

export const useCreateMember = () => useUserMutation((body: CreateMemberBody) => hubCall(idAnswer, 'POST', '/user', { body }));
export const useUpdateMember = () =>
  useUserMutation(({ id, body }: { id: number; body: UpdateMemberBody }) => hubCall(idAnswer, 'PUT', `/user/${id}`, { body }));
export const useArchiveMember = () => useUserMutation((id: number) => hubCall(idAnswer, 'DELETE', `/user/${id}`));
export const useRestoreMember = () => useUserMutation((id: number) => hubCall(idAnswer, 'PATCH', `/user/${id}/restore`));
export const useSetMemberTeams = () =>
  useUserMutation((body: { userId: number; teams: number[]; isLineManager: boolean }) => hubCall(idAnswer, 'POST', '/user/teams', { body }));
