import { z } from 'zod';
import { LISTED_STATUSES, SORT_CRITERIA } from '../../../../shared/api/objectives';
import { persistentAtom } from '../../../lib/session/storage';

// spec §2/§9: Sort by and the filter choices are remembered in browser storage under beot keys.

export const listFiltersSchema = z.object({
  teamId: z.number().int().optional(),
  ownerId: z.number().int().optional(),
  authorId: z.number().int().optional(),
  status: z.enum(LISTED_STATUSES).optional(),
  jobId: z.number().int().optional(),
  createdFrom: z.string().optional(),
  createdTo: z.string().optional(),
});
export type ListFilters = z.infer<typeof listFiltersSchema>;

export const sortAtom = persistentAtom('objectives.sort', z.enum(SORT_CRITERIA), 'deadline');
export const filtersAtom = persistentAtom('objectives.filters', listFiltersSchema, {});
/** 'Show mine' / 'Show public' (§2). */
export const showPublicAtom = persistentAtom('objectives.showPublic', z.boolean(), false);

export const hasFilters = (f: ListFilters) => Object.values(f).some((v) => v !== undefined && v !== '');
