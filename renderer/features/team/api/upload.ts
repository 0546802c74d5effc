import { getTransport, type UploadInput } from '../../../lib/transport';

/**
 * Multipart uploads (picture, VPN file) through the transport: on the web a fetch with the session
 * cookie and the CSRF header; on the desktop main builds the form and adds the token (hub:upload).
 * Both answer the camelized `data` and reject with a HubError; a 401 ends the session.
 */
export function uploadFile(method: 'POST' | 'PUT', path: string, input: UploadInput): Promise<unknown> {
  return getTransport().upload(method, path, input);
}
