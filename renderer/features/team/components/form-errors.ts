import type { z } from 'zod';
import { toCamelKey } from '../../../../shared/api/case';
import { HubError } from '../../../../shared/api/hub-error';

/** First message per top-level field of a zod failure (what a form shows under each field). */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** A 400 from the hub: its `field` is snake_case on the wire, the form speaks camelCase. */
export function hubFieldErrors(error: unknown): { fields: Record<string, string>; general: string | null } {
  if (!(error instanceof HubError)) return { fields: {}, general: error instanceof Error ? error.message : String(error) };
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const e of error.errors) {
    if (e.field) fields[e.field.split('.').map(toCamelKey).join('.')] = e.message;
    else general.push(e.message);
  }
  return { fields, general: general.length ? general.join(' ') : null };
}
