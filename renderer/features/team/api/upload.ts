import { camelize } from '../../../../shared/api/case';
import { CSRF_HEADER } from '../../../../shared/api/common';
import { HubError } from '../../../../shared/api/hub-error';
import { endSession } from '../../../lib/session/session';
import { isDesktop } from '../../../lib/transport';
import { toHubError, unreachableError } from '../../../lib/transport/web';

/**
 * Multipart uploads (picture, VPN file). The transports carry JSON only, so the web build posts
 * the form itself with the same cookie, CSRF header and error shape as the web transport. The
 * desktop bridge has no multipart channel yet (issue 5 note): it answers with a clear error.
 */
export async function uploadForm(method: 'POST' | 'PUT', path: string, form: FormData): Promise<unknown> {
  if (isDesktop()) {
    throw new HubError({ status: 501, serverError: false, errors: [{ message: 'Uploading files is available in the web version of the hub for now.' }] });
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, body: form, credentials: 'same-origin', headers: { accept: 'application/json', [CSRF_HEADER]: '1' } });
  } catch {
    throw unreachableError();
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    if (res.status === 401) endSession();
    throw toHubError(res.status, body);
  }
  const camel = camelize<{ data?: unknown }>(body);
  return camel && typeof camel === 'object' && 'data' in camel ? camel.data : camel;
}
