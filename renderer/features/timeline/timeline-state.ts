import { z } from 'zod';
import { LISTED_STATUSES } from '../../../shared/api/objectives';
import { TIMELINE_SCOPES } from '../../../shared/api/timeline';
import { ZOOM_LEVELS } from '../../../shared/rules/timeline';
import { persistentAtom } from '../../lib/session/storage';

// spec §9: the timeline filters are remembered in browser storage under beot keys.
export const timelineFiltersSchema = z.object({
  scope: z.enum(TIMELINE_SCOPES),
  status: z.enum(LISTED_STATUSES).optional(),
});
export type TimelineFilters = z.infer<typeof timelineFiltersSchema>;

export const timelineFiltersAtom = persistentAtom('timeline.filters', timelineFiltersSchema, { scope: 'all' });
export const timelineZoomAtom = persistentAtom('timeline.zoom', z.number().int().min(0).max(ZOOM_LEVELS.length - 1), 3);
