import type { z } from 'zod';
import { HubError } from '../../shared/api/hub-error';
import { appStore } from './store';
import { submitKeys } from './submit-keys';
import { getTransport, type HttpMethod, type RequestOptions } from './transport';
import { requestKey, requestStatesAtom, resourceErrorsAtom, resourceOf, withRequestStatus, withResourceErrors } from './request-state';

/**
 * The one way feature code calls the hub: the transport does the wire work, this records the
 * call's state (spec §4/§8) and parses the answer with the zod schema the caller expects, so a
 * screen gets typed data or a HubError, nothing in between.
 */
export async function hubCall<S extends z.ZodType>(schema: S, method: HttpMethod, path: string, options?: RequestOptions): Promise<z.infer<S>> {
  const key = requestKey(method, path);
  const resource = resourceOf(path);
  appStore.set(requestStatesAtom, (s) => withRequestStatus(s, key, 'inProgress'));
  // docs/api.md 'Idempotency keys': every POST goes with its submit's key (the hub uses it on the
  // creating ones), the same key when it is sent again after no answer or twice at once
  const submit = method === 'POST' && options?.idempotencyKey === undefined ? submitKeys.begin(method, path, options?.body) : null;
  try {
    const data = await getTransport().request(method, path, submit ? { ...options, idempotencyKey: submit.key } : options);
    submit?.answered();
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new HubError({ status: 502, serverError: true, errors: [{ message: 'The hub answered in an unexpected shape.' }] });
    }
    appStore.set(requestStatesAtom, (s) => withRequestStatus(s, key, 'succeeded'));
    appStore.set(resourceErrorsAtom, (e) => withResourceErrors(e, resource, method, []));
    return parsed.data;
  } catch (error) {
    // no answer at all, or the hub's own failure: it may have made the change, so a retry keeps the key
    if (error instanceof HubError && (error.status === 0 || error.serverError)) submit?.unanswered();
    else submit?.answered();
    const messages = error instanceof HubError ? error.errors.map((e) => e.message) : [String(error)];
    appStore.set(requestStatesAtom, (s) => withRequestStatus(s, key, 'failed'));
    appStore.set(resourceErrorsAtom, (e) => withResourceErrors(e, resource, method, messages));
    throw error;
  }
}

/** The text a screen shows for a failure: the hub's messages, or the thrown error's. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
