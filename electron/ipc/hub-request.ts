import type { HubClient } from '../hub-client';
import { badRequest, type ChannelActions } from './result';

// Sign-in and sign-out have their own channels: they are the only calls that touch the token.
const TOKEN_PATHS = new Set(['/auth/login', '/auth/logout']);

export interface HubRequestDeps {
  hub: Pick<HubClient, 'request' | 'upload' | 'image'>;
}

function refuseTokenPaths(path: string): void {
  const pathname = new URL(path, 'http://hub.invalid').pathname.toLowerCase().replace(/\/+$/, '');
  if (TOKEN_PATHS.has(pathname)) throw badRequest('Use the session channels to sign in or out.', 'path');
}

export function hubRequestActions(deps: HubRequestDeps): ChannelActions<'hub:request' | 'hub:upload' | 'hub:image'> {
  return {
    async 'hub:request'(payload) {
      refuseTokenPaths(payload.path);
      const data = await deps.hub.request<unknown>({ method: payload.method, path: payload.path, query: payload.query, body: payload.body, idempotencyKey: payload.idempotencyKey });
      return withoutTokens(data);
    },
    async 'hub:upload'(payload) {
      refuseTokenPaths(payload.path);
      const data = await deps.hub.upload<unknown>({
        method: payload.method,
        path: payload.path,
        fieldName: payload.fieldName,
        fileName: payload.fileName,
        contentType: payload.contentType,
        bytes: payload.bytes,
        fields: payload.fields,
      });
      return withoutTokens(data);
    },
    async 'hub:image'({ path }) {
      refuseTokenPaths(path);
      return deps.hub.image(path);
    },
  };
}

/** Defence in depth: whatever a hub answers, no access token is handed to the page. */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (!value || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/^(access_?token|refresh_?token)$/i.test(key))
      .map(([key, v]) => [key, withoutTokens(v)]),
  );
}
