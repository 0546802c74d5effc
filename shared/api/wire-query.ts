import { z } from 'zod';
import { camelize } from './case';

/**
 * A query-string schema that camelizes keys itself. The hub's wire contract camelizes
 * request.query, but Fastify's query parser returns objects whose prototype is neither
 * Object.prototype nor null, which camelize leaves alone, so `team_id` would be stripped.
 * Copying into a plain object first makes the rename happen (reported in issue 6's note).
 */
export function wireQuery<T extends z.ZodObject>(schema: T) {
  return z.preprocess((value) => (value !== null && typeof value === 'object' ? camelize({ ...value }) : value), schema);
}
