import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteBody } from '../../../../shared/api/auth';
import { inviteResponseSchema, teamMembersResponseSchema } from '../../../../shared/api/my-team';
import type { MemberSummary } from '../../../../shared/api/users';
import { hubCall } from '../../../lib/api';

const TEAM_KEY = ['user', 'team'] as const;

/** 'See team mates': GET /user/team, the lead's members with their invited flag. */
export function useTeamMates() {
  return useQuery({ queryKey: TEAM_KEY, queryFn: () => hubCall(teamMembersResponseSchema.shape.data, 'GET', '/user/team') });
}

/** POST /user/invite-in-team; the hub answers with the member, now invited, which replaces the row. */
export function useInviteTeamMate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => hubCall(inviteResponseSchema.shape.data, 'POST', '/user/invite-in-team', { body }),
    onSuccess: ({ member }) =>
      client.setQueryData<{ items: MemberSummary[] }>(TEAM_KEY, (data) =>
        data && { items: data.items.map((m) => (m.id === member.id ? member : m)) },
      ),
  });
}
