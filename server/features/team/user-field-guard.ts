import { isPlainObject } from '../../../shared/api/case';
import { ERASURE_MESSAGES } from '../../../shared/api/personal-data-erasure';
import type { ProfileTarget } from '../../../shared/rules/permissions';
import type { Actor } from '../../../shared/rules/session-user';
import { userFieldRefusal, type UserField } from '../../../shared/rules/user-fields';
import { HttpError } from '../../http-errors';

// Every route that writes a user states which user fields the request changes and
// passes them through the one rule (shared/rules/user-fields.ts) before it writes anything.

export interface FieldChange {
  field: UserField;
  /** the request's name for it (camelCase; the error handler turns it into the wire's snake_case) */
  key: string;
  /** false when the request carries the current value: forms send the whole form back */
  changed: boolean;
}

/**
 * 403 with one message per refused field, before any write; nothing is silently dropped. An erased
 * account (docs/personal-data.md 'Erasing') takes no change from anyone: a new name would make it look like a person again.
 */
export function assertMayChangeUserFields(actor: Actor, target: ProfileTarget, changes: readonly FieldChange[]): void {
  // (status is the restore's own refusal, which says what to do instead: people-members.ts)
  if (target.erased && changes.some((change) => change.changed && change.field !== 'status')) {
    throw new HttpError(409, [{ message: ERASURE_MESSAGES.changeErased }]);
  }
  const refused = changes.flatMap((change) => {
    const message = change.changed ? userFieldRefusal(actor, target, change.field) : null;
    return message ? [{ message, field: change.key }] : [];
  });
  if (refused.length > 0) throw new HttpError(403, refused);
}

/** The same set of ids, in any order and with repeats ignored. */
export function sameIdSet(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/** JSON-equal, whatever the key order (jsonb answers keys in its own order). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.keys(value).filter((k) => value[k] !== undefined).sort().map((k) => [k, sorted(value[k])]));
}
