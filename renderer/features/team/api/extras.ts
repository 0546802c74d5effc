import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { envelope } from '../../../../shared/api/common';
import { skillsResponseSchema, type ExtrasUpdate } from '../../../../shared/api/people-extras';
import { hubCall } from '../../../lib/api';

const SKILLS_KEY = ['skill'] as const;

/** GET /skill (spec §7: data.skills). */
export function useSkills() {
  return useQuery({ queryKey: SKILLS_KEY, queryFn: () => hubCall(skillsResponseSchema.shape.data, 'GET', '/skill'), staleTime: 60_000 });
}

/** POST /skill with a list of names (spec §7 createSkills); answers every named skill. */
export function useCreateSkills() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (names: string[]) => hubCall(skillsResponseSchema.shape.data, 'POST', '/skill', { body: { name: names } }),
    onSuccess: () => client.invalidateQueries({ queryKey: SKILLS_KEY }),
  });
}

export function useSaveExtras(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExtrasUpdate) => hubCall(envelope(z.object({ id: z.number() })).shape.data, 'PUT', `/user/${userId}/extras`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['user'] }),
  });
}
