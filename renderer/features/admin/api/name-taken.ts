import { useQuery } from '@tanstack/react-query';
import { nameTakenResponseSchema } from '../../../../shared/api/admin';
import { hubCall } from '../../../lib/api';

export type NamedEntity = 'team' | 'job' | 'role';

/** GET /{entity}/name-taken: spec §5 "checked against existing names as it is typed". */
export function useNameTaken(entity: NamedEntity, name: string, exceptId: number | undefined) {
  const trimmed = name.trim();
  return useQuery({
    queryKey: [entity, 'name-taken', trimmed.toLowerCase(), exceptId ?? null],
    queryFn: () => hubCall(nameTakenResponseSchema.shape.data, 'GET', `/${entity}/name-taken`, { query: { name: trimmed, except: exceptId } }),
    enabled: trimmed.length > 0,
    staleTime: 5_000,
  });
}
