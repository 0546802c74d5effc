import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { InviteBody } from '../../../../shared/api/auth';
import { memberSummarySchema, type MemberSummary } from '../../../../shared/api/users';
import { hubCall } from '../../../lib/api';

const teamSchema = z.object({ items: z.array(memberSummarySchema) });
const TEAM_KEY = ['user', 'team'] as const;

/** 'See team mates': GET /user/team, the lead's members with their invited flag. */
export function useTeamMates() {
  return useQuery({ queryKey: TEAM_KEY, queryFn: () => hubCall(teamSchema, 'GET', '/user/team') });
}

/** POST /user/invite-in-team; the member then shows 'Invited' without refetching the list. */
export function useInviteTeamMate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => hubCall(z.unknown(), 'POST', '/user/invite-in-team', { body }),
    onSuccess: (_, body) =>
      client.setQueryData<{ items: MemberSummary[] }>(TEAM_KEY, (data) =>
        data && { items: data.items.map((m) => (m.email === body.teamMemberEmail ? { ...m, invited: true } : m)) },
      ),
  });
}
