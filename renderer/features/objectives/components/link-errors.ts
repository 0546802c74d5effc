import { HubError } from '../../../../shared/api/hub-error';

/** The hub's words for a refused link (400 per case, 403, 404), shown next to the picker. */
export function linkErrorText(failure: unknown): string {
  if (failure instanceof HubError) return failure.errors.map((e) => e.message).join(' ') || failure.message;
  return failure instanceof Error ? failure.message : String(failure);
}
