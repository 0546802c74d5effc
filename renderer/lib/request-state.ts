import { atom } from 'jotai';
import type { HttpMethod } from './transport';

// spec §4/§8: each call is tracked as in progress, succeeded or failed, and failed calls keep
// per-resource error lists keyed by resource and upper-case method.

export type RequestStatus = 'inProgress' | 'succeeded' | 'failed';
export type RequestStates = Readonly<Record<string, RequestStatus>>;
export type ResourceErrors = Readonly<Record<string, Readonly<Partial<Record<HttpMethod, readonly string[]>>>>>;

/** '/user/12/image' → 'user'; '/objective-tracking/…' style paths keep their first segment. */
export function resourceOf(path: string): string {
  return path.split('?')[0].split('/').find((segment) => segment.length > 0) ?? '';
}

export function requestKey(method: HttpMethod, path: string): string {
  return `${method} ${path}`;
}

export function withRequestStatus(states: RequestStates, key: string, status: RequestStatus): RequestStates {
  return { ...states, [key]: status };
}

/** A failure replaces the list for its resource+method; a later success of the same pair clears it. */
export function withResourceErrors(errors: ResourceErrors, resource: string, method: HttpMethod, messages: readonly string[]): ResourceErrors {
  const current = { ...(errors[resource] ?? {}) };
  if (messages.length > 0) current[method] = messages;
  else delete current[method];
  return { ...errors, [resource]: current };
}

export const requestStatesAtom = atom<RequestStates>({});
export const resourceErrorsAtom = atom<ResourceErrors>({});
