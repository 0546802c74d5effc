import { useAtomValue } from 'jotai';
import type { HttpMethod } from './transport';
import { requestKey, requestStatesAtom, resourceErrorsAtom, type RequestStatus } from './request-state';

const NONE: readonly string[] = [];

/** The last state of one call (spec §4): in progress, succeeded or failed; undefined before the first. */
export function useRequestStatus(method: HttpMethod, path: string): RequestStatus | undefined {
  return useAtomValue(requestStatesAtom)[requestKey(method, path)];
}

/** spec §8: the error messages of the last failed call on a resource with this method. */
export function useResourceErrors(resource: string, method: HttpMethod): readonly string[] {
  return useAtomValue(resourceErrorsAtom)[resource]?.[method] ?? NONE;
}
