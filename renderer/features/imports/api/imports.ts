import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importRunResponseSchema, importRunsResponseSchema } from '../../../../shared/api/imports';
import { hubCall } from '../../../lib/api';

const RUNS_KEY = ['imports', 'runs'] as const;

/** GET /imports: the last runs, refreshed while the panel is open (scheduled jobs keep adding). */
export function useImportRuns() {
  return useQuery({
    queryKey: RUNS_KEY,
    queryFn: () => hubCall(importRunsResponseSchema.shape.data, 'GET', '/imports'),
    refetchInterval: 30_000,
  });
}

export type CsvKind = 'holidays' | 'days-left';

/** POST /imports/holidays | /imports/days-left with the file's text; the runs reload after. */
export function useCsvImport(kind: CsvKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => hubCall(importRunResponseSchema.shape.data, 'POST', `/imports/${kind}`, { body: { csv } }),
    onSettled: () => client.invalidateQueries({ queryKey: RUNS_KEY }),
  });
}
