import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { refSchema } from '../../../../shared/api/common';
import { hubCall } from '../../../lib/api';

// The my-team drawer lists GET /teamDetails. Only what the drawer shows is required, so extra
// member fields the hub adds later do not break it.
const teamMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable().optional(),
  job: refSchema.nullable().optional(),
  isTeamLead: z.boolean().optional(),
});
export const teamDetailsSchema = z.object({
  teams: z.array(z.object({ id: z.number(), name: z.string(), members: z.array(teamMemberSchema) })),
});
export type TeamDetails = z.infer<typeof teamDetailsSchema>;

export function useTeamDetails(enabled: boolean) {
  return useQuery({
    queryKey: ['teamDetails'],
    queryFn: () => hubCall(teamDetailsSchema, 'GET', '/teamDetails'),
    enabled,
  });
}
