import { toCamelKey } from '../../shared/api/case';
import { HubError } from '../../shared/api/hub-error';

/** A 400 from the hub as the form's fields see it: `{ name: 'Team name already exists.' }`. */
export function hubFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HubError)) return {};
  const out: Record<string, string> = {};
  for (const e of error.errors) if (e.field && !(toCamelKey(e.field) in out)) out[toCamelKey(e.field)] = e.message;
  return out;
}

/** The hub's messages that belong to no field (or to a field the form does not show). */
export function generalError(error: unknown, shown: readonly string[]): string | null {
  if (!error) return null;
  if (!(error instanceof HubError)) return error instanceof Error ? error.message : String(error);
  const rest = error.errors.filter((e) => !e.field || !shown.includes(toCamelKey(e.field))).map((e) => e.message);
  return rest.length ? rest.join(' ') : null;
}
